import ForcePadCore

/// How a stand trial drifts from its first presses to its last (a long run's wear, creep or
/// warming): the judged presses in press order, cut into at most ``binCount`` bins of
/// consecutive presses, and per bin the mean force each stage fired at, the mean pad −
/// reference error at peek's firing, the mean peak force F1 and the mean actuation travel of
/// peek. Lines for `trial report` and `drift` for the JSON; nothing without travel.
struct StandDriftText {
    let analysis: TrialAnalysis

    /// The most bins a trial is cut into.
    static let binCount = 10

    /// One bin: its first and last press number and its means (mg, µm; nil where none measured).
    struct Bin: Equatable {
        var first: Int
        var last: Int
        var presses: Int
        var peekForce: Int64?
        var popForce: Int64?
        var peekError: Int64?
        var peakForce: Int64?
        var peekTravel: Int64?
    }

    var bins: [Bin] {
        guard !analysis.curves.isEmpty else { return [] }
        let judged = analysis.records.indices.filter { !analysis.screening.isExcluded(index: $0) }
        guard !judged.isEmpty else { return [] }
        let count = min(Self.binCount, judged.count)
        return (0..<count).map { bin in
            let members = judged[(bin * judged.count / count)..<((bin + 1) * judged.count / count)]
            func mean(_ values: [Int64]) -> Int64? { values.isEmpty ? nil : values.reduce(0, +) / Int64(values.count) }
            let records = members.map { analysis.records[$0] }
            let curves = members.compactMap { $0 < analysis.curves.count ? analysis.curves[$0] : nil }
            return Bin(
                first: members.first! + 1, last: members.last! + 1, presses: members.count,
                peekForce: mean(records.compactMap { $0.peek.map { Int64($0.force.milligrams) } }),
                popForce: mean(records.compactMap { $0.pop.map { Int64($0.force.milligrams) } }),
                peekError: mean(records.compactMap { record in
                    record.peek.flatMap { firing in firing.referenceForce.map { Int64(firing.force.milligrams) - Int64($0.milligrams) } }
                }),
                peakForce: mean(curves.compactMap { $0.peakForce.map { Int64($0.milligrams) } }),
                peekTravel: mean(members.compactMap { index -> Int64? in
                    guard index < analysis.curves.count, let curve = analysis.curves[index], let peek = analysis.records[index].peek else { return nil }
                    return curve.travel(atMicros: peek.timeMicros)
                }))
        }
    }

    /// `drift by cycle` and a line a bin: presses, peek and pop fired at, peek's pad − ref, F1, peek's travel.
    var lines: [String] {
        let bins = bins
        guard !bins.isEmpty else { return [] }
        func grams(_ value: Int64?) -> String { value.map { FixedDecimal.format($0, scale: 3) + "g" } ?? "-" }
        func millimetres(_ value: Int64?) -> String { value.map { FixedDecimal.format($0, scale: 3) + "mm" } ?? "-" }
        var lines = ["drift by cycle (judged presses in \(CountText.of(bins.count, "bin"))): presses  peek at  pop at  peek pad−ref  F1  peek travel"]
        for bin in bins {
            lines.append(
                "  \(String(bin.first).leftPadded(to: 5))–\(String(bin.last).padded(to: 5))  \(grams(bin.peekForce))  \(grams(bin.popForce))"
                    + "  \(grams(bin.peekError))  \(grams(bin.peakForce))  \(millimetres(bin.peekTravel))")
        }
        return lines
    }

    /// `drift`: a bin each, `first_press`, `last_press`, `presses`, `peek_force_g`, `pop_force_g`,
    /// `peek_error_g`, `peak_force_g`, `peek_travel_mm`; no field without travel.
    var fields: [(String, JSONValue)] {
        guard !analysis.curves.isEmpty else { return [] }
        func decimal(_ value: Int64?) -> JSONValue { value.map { .decimal($0, places: 3) } ?? .null }
        return [("drift", .array(bins.map { bin in
            .object([
                ("first_press", .int(Int64(bin.first))), ("last_press", .int(Int64(bin.last))), ("presses", .int(Int64(bin.presses))),
                ("peek_force_g", decimal(bin.peekForce)), ("pop_force_g", decimal(bin.popForce)), ("peek_error_g", decimal(bin.peekError)),
                ("peak_force_g", decimal(bin.peakForce)), ("peek_travel_mm", decimal(bin.peekTravel)),
            ])
        }))]
    }
}
