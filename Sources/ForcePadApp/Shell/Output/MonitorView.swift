import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// One refresh of `monitor`: the total force as a bar up to the maximum force with the peek
/// and pop thresholds marked, the numbers beside it, and the same frame as a JSON line.
struct MonitorView {
    let board: BoardDescription
    let settings: ControllerSettings
    let snapshot: LoopSnapshot
    /// The reference sensor's reading beside this frame (`reference_g`); nil when none was measured.
    var reference: Force? = nil

    /// Characters in the bar.
    static let width = 40

    var bar: String {
        let maximum = max(settings.forceScale.maximum.milligrams, 1)
        func column(_ force: Force) -> Int { min(Self.width - 1, max(0, Int(Int64(force.milligrams) * Int64(Self.width) / Int64(maximum)))) }
        let filled = snapshot.force.total.milligrams <= 0 ? 0 : column(snapshot.force.total) + 1
        var characters = Array(repeating: Character(" "), count: Self.width)
        for index in 0..<filled { characters[index] = "#" }
        let thresholds = snapshot.recognizer.thresholds
        characters[column(thresholds.peek)] = "|"
        characters[column(thresholds.pop)] = "!"
        let force = snapshot.force
        let position = force.contacts > 0 ? "x \(JSONValue.fractionQ16(force.centroid.x).rendered())" : "x -"
        let saturated = force.isSaturated ? "+" : ""
        let truth = reference.map { "  reference \($0)" } ?? ""
        return "[" + String(characters) + "] " + "\(force.total)\(saturated)".leftPadded(to: 10) + "  \(position)  \(snapshot.pressState.rawValue)\(truth)"
    }

    var json: JSONValue {
        let force = snapshot.force
        return .object([
            ("t_us", .int(force.timeMicros)), EventFormatter.name(.monitor), ("total_g", .grams(force.total)),
            ("cells_g", .array((0..<force.cellCount).map { .grams(Force(milligrams: force.cellMilligrams[$0])) })),
            ("x", force.contacts > 0 ? .fractionQ16(force.centroid.x) : .null),
            ("contacts", .int(Int64(force.contacts))), ("saturated", .bool(force.isSaturated)),
            ("stage", .string(snapshot.pressState.rawValue)),
        ] + (reference.map { [("reference_g", .grams($0))] } ?? []))
    }
}
