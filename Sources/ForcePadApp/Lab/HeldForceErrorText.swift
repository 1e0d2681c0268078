import ForcePadCore

/// The static error of a trial's presses held still (``HeldForceError``), beside the dynamic
/// error at firing that each stage reports: a line for the shell and `static_error_g` for the
/// JSON. Forces in grams.
struct HeldForceErrorText {
    let analysis: TrialAnalysis

    private var summary: SampleSummary? { SampleSummary(analysis.heldErrors.map(\.error.errorMilligrams)) }

    /// `held still  pad − ref mean +10.2g  sd 1.1g  max |error| 12.3g over 18 presses (static)`,
    /// or why there is none.
    var lines: [String] {
        guard analysis.recording.info.referencePeriodMicros != nil else { return [] }
        guard let summary else {
            return ["held still  no press was held still long enough to measure the static error (the filter's settling time plus 100ms)"]
        }
        let largest = analysis.heldErrors.map { abs($0.error.errorMilligrams) }.max() ?? 0
        return [
            "held still  pad − ref mean \(TrialReportText.signed(summary.mean))  sd \(TrialReportText.grams(summary.standardDeviation))"
                + "  max |error| \(TrialReportText.grams(largest)) over \(CountText.of(summary.count, "press")) (static; at firing above: dynamic)"
        ]
    }

    /// `static_error_g`: `presses`, `mean`, `sd`, `max_abs`, and per press its number, the pad's
    /// and the reference's mean force and the error; null without a reference channel.
    var fields: [(String, JSONValue)] {
        guard analysis.recording.info.referencePeriodMicros != nil else { return [("static_error_g", .null)] }
        let grams = { (milligrams: Int64) in JSONValue.decimal(milligrams, places: 3) }
        return [("static_error_g", .object([
            ("presses", .int(Int64(analysis.heldErrors.count))),
            ("mean", summary.map { TrialReportText.number($0.mean / 1000) } ?? .null),
            ("sd", summary.map { TrialReportText.number($0.standardDeviation / 1000) } ?? .null),
            ("max_abs", analysis.heldErrors.map { abs($0.error.errorMilligrams) }.max().map(grams) ?? .null),
            ("held", .array(analysis.heldErrors.map { held in
                .object([
                    ("press", .int(Int64(held.press))), ("pad_g", grams(held.error.padMilligrams)),
                    ("reference_g", grams(held.error.referenceMilligrams)), ("error_g", grams(held.error.errorMilligrams)),
                ])
            })),
        ]))]
    }
}
