import ForcePadCore

/// The presses a trial left out of its verdict and what disturbed the recording, for the
/// shell's report and the report JSON. Times µs on the loop clock; in text, seconds after
/// the recording's first frame (`+4.512s`).
struct PressExclusionText {
    let analysis: TrialAnalysis

    /// `judged      17 of 20 presses; 3 excluded (at least 15 needed)`, then one line per
    /// excluded press with what touched it, and the count of disturbances between presses;
    /// nothing when the recording was undisturbed.
    var lines: [String] {
        let screening = analysis.screening
        guard !analysis.disturbances.isEmpty else { return [] }
        var lines = [
            "judged      \(screening.judged) of \(CountText.of(screening.presses, "press")); \(screening.exclusions.count) excluded (at least \(analysis.judgedPressesMin) needed)"
        ]
        for exclusion in screening.exclusions {
            lines.append("  " + "press \(exclusion.press)".padded(to: 10) + exclusion.disturbances.map(describe).joined(separator: "; "))
        }
        let touching = Set(screening.exclusions.flatMap(\.disturbances).map(\.startMicros))
        let between = analysis.disturbances.filter { !touching.contains($0.startMicros) }
        if !between.isEmpty {
            lines.append("  between presses (no effect): " + between.map(describe).joined(separator: "; "))
        }
        return lines
    }

    /// `judged_presses`, `judged_presses_min`, `excluded_presses` (press and the disturbances
    /// that touched it) and `disturbances` (every one, with `kind`, `from_us`, `to_us`, `frames`).
    var fields: [(String, JSONValue)] {
        let screening = analysis.screening
        return [
            ("judged_presses", .int(Int64(screening.judged))), ("judged_presses_min", .int(Int64(analysis.judgedPressesMin))),
            ("excluded_presses", .array(screening.exclusions.map { exclusion in
                .object([("press", .int(Int64(exclusion.press))), ("because", .array(exclusion.disturbances.map(Self.json)))])
            })),
            ("disturbances", .array(analysis.disturbances.map(Self.json))),
        ]
    }

    private func describe(_ disturbance: TrialDisturbance) -> String {
        "\(disturbance.summary) at \(analysis.offset(disturbance.startMicros))"
    }

    private static func json(_ disturbance: TrialDisturbance) -> JSONValue {
        .object([
            ("kind", .string(disturbance.kind.rawValue)), ("from_us", .int(disturbance.startMicros)),
            ("to_us", .int(disturbance.endMicros)), ("frames", disturbance.frames.map { .int(Int64($0)) } ?? .null),
        ])
    }
}
