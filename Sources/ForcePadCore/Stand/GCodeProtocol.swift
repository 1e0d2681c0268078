/// A GRBL-style G-code controller's commands and answers, as text. Pure: no I/O.
///
/// From Grbl v1.1's interface document ("Interfacing with Grbl", `doc/markdown/interface.md`
/// in gnea/grbl) and its commands document:
/// - A line (G-code block or `$` command) ends with LF and is answered, once executed or
///   queued, by `ok` or `error:N`; an alarm arrives unasked as `ALARM:N` (1 hard limit,
///   2 soft limit, 3 reset while in motion, …) and locks the machine until `$X` or a reset.
/// - `$H` runs the homing cycle (answered `ok` when done); `G21` millimetres, `G90` absolute;
///   `G1 Z… F…` a straight feed move, F in mm/min.
/// - Real-time commands are single bytes acted on at once, with no line end and no answer:
///   `?` asks for a status report `<State|MPos:x,y,z|…>` (state Idle, Run, Hold:n, Jog,
///   Alarm, Door:n, Check, Home or Sleep; positions in mm, machine coordinates); `!` is a
///   feed hold (the axes decelerate to a stop); Ctrl-X (0x18) is a soft reset, which empties
///   the planner.
///
/// Travel: homing puts the Z axis at the top of its stroke; travel towards the pad is −Z in
/// machine coordinates, so the travel is −MPos.z.
public enum GCodeProtocol {
    public static let home = "$H"
    public static let setUp = "G21 G90"
    public static let statusQuery: UInt8 = 0x3F  // ?
    public static let feedHold: UInt8 = 0x21  // !
    public static let softReset: UInt8 = 0x18  // Ctrl-X
    /// What ends every line sent: LF.
    public static let lineEnd = "\n"

    /// A feed move of the Z axis to `travel` (µm from home, downwards) at `speed` (µm/min):
    /// `G1 Z-1.250 F120.0`.
    public static func move(toTravel travel: Int64, speed: Int64) -> String {
        "G1 Z" + StandTravelText.fixed(-travel, decimals: 3, width: 1) + " F" + StandTravelText.fixed(speed, decimals: 1, width: 1)
    }

    /// What one answer line of the controller says.
    public enum Reply: Sendable, Equatable {
        case ok
        /// `error:N`: the line sent before was refused.
        case error(Int)
        /// `ALARM:N`.
        case alarm(Int)
        /// A status report.
        case status(StandStatus)
        /// Anything else (the start-up banner, `[MSG:…]` feedback): nothing to act on.
        case other
    }

    /// Reads one answer line (without its line end, or with it).
    public static func reply(_ line: String) -> Reply {
        let text = line.trimmingSpacesAndLineEnds()
        if text == "ok" { return .ok }
        if text.hasPrefix("error:"), let code = Int(text.dropFirst(6)) { return .error(code) }
        if text.hasPrefix("ALARM:"), let code = Int(text.dropFirst(6)) { return .alarm(code) }
        if text.hasPrefix("<"), text.hasSuffix(">"), let status = status(report: text.dropFirst().dropLast()) {
            return .status(status)
        }
        return .other
    }

    /// The fields of a report between `<` and `>`: the state first, then `MPos:x,y,z`.
    private static func status(report: Substring) -> StandStatus? {
        let fields = report.split(separator: "|")
        guard let stateField = fields.first else { return nil }
        let stateName = stateField.prefix { $0 != ":" }
        let state: StandState
        switch stateName {
        case "Idle", "Sleep", "Check": state = .idle
        case "Run", "Jog": state = .moving
        case "Hold", "Door": state = .held
        case "Home": state = .homing
        case "Alarm": state = .alarm
        default: return nil
        }
        var travel: Int64?
        if let position = fields.first(where: { $0.hasPrefix("MPos:") }) {
            let axes = position.dropFirst(5).split(separator: ",")
            let values = axes.compactMap { StandTravelText.micrometres($0) }
            guard values.count == axes.count, values.count >= 3 else { return nil }
            let z = values[2]
            travel = -z
        }
        return StandStatus(state: state, travel: travel, alarm: state == .alarm ? "Alarm state" : nil)
    }
}
