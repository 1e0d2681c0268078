import ForcePadCore

/// A stage's felt clicks in a trial's report (what the accelerometer on the pad measured):
/// one text line and the `felt` object of the stage's JSON.
enum FeltReportText {
    /// `  felt        onset p50 0.4ms max 0.6ms  felt latency p50 11.2ms max 13.4ms  peak min 0.350g p50 0.360g (20 of 20 firings felt)`;
    /// nil when no firing has a `haptic.felt` (no accelerometer).
    static func line(_ stage: StageStatistics) -> String? {
        guard !stage.felt.isEmpty else { return nil }
        let feltCount = stage.felt.filter(\.wasFelt).count
        var parts: [String] = []
        if let p50 = stage.onsetLatencyP50Micros, let max = stage.onsetLatencyMaxMicros {
            parts.append("onset p50 \(millis(p50)) max \(millis(max))")
        }
        if let p50 = stage.feltLatencyP50Micros, let max = stage.feltLatencyMaxMicros {
            parts.append("felt latency p50 \(millis(p50)) max \(millis(max))")
        }
        if let min = stage.peakMinMilliG, let p50 = stage.peakP50MilliG {
            parts.append("peak min \(g(min)) p50 \(g(p50))")
        }
        return "  felt        " + parts.joined(separator: "  ") + " (\(feltCount) of \(CountText.of(stage.fired, "firing")) felt)"
    }

    /// The stage's `felt` object: `count` (firings with a `haptic.felt`), `not_felt`,
    /// `onset_latency_us` and `felt_latency_us` (p50, max), `peak_g` (min, p50) and the
    /// per-firing samples; null without an accelerometer.
    static func json(_ stage: StageStatistics) -> JSONValue {
        guard !stage.felt.isEmpty else { return .null }
        func optional(_ value: Int64?) -> JSONValue { value.map { .int($0) } ?? .null }
        func optionalG(_ value: Int32?) -> JSONValue { value.map { .decimal(Int64($0), places: 3) } ?? .null }
        return .object([
            ("count", .int(Int64(stage.felt.count))), ("not_felt", .int(Int64(stage.felt.filter { !$0.wasFelt }.count))),
            ("onset_latency_us", .object([("p50", optional(stage.onsetLatencyP50Micros)), ("max", optional(stage.onsetLatencyMaxMicros))])),
            ("felt_latency_us", .object([("p50", optional(stage.feltLatencyP50Micros)), ("max", optional(stage.feltLatencyMaxMicros))])),
            ("peak_g", .object([("min", optionalG(stage.peakMinMilliG)), ("p50", optionalG(stage.peakP50MilliG))])),
            ("felt_latency_samples_us", .array(stage.felt.map { optional($0.feltLatencyMicros) })),
            ("peak_samples_g", .array(stage.felt.map { .decimal(Int64($0.peakMilliG), places: 3) })),
        ])
    }

    private static func millis(_ micros: Int64) -> String { FixedDecimal.format(micros / 100, scale: 1) + "ms" }
    private static func g(_ milliG: Int32) -> String { FixedDecimal.format(Int64(milliG), scale: 3) + "g" }
}
