import ForcePadCore

/// The clicks the accelerometer felt, as `haptic stats` shows them (``FeltTally``).
struct FeltStatsText {
    /// Nil without an accelerometer.
    let tally: FeltTally?

    /// `felt        stage's frame → click felt (accelerometer): 40 clicks, 0 not felt, onset p50 …`,
    /// the felt latency's line and histogram buckets; one line saying why without an accelerometer.
    var lines: [String] {
        guard let tally else { return ["felt        not measured: no accelerometer ([accelerometer] in the board file)"] }
        let onset = HistogramText(histogram: tally.onsetLatency)
        let peak = tally.lowestPeakMilliG.map { ", lowest peak " + FixedDecimal.format(Int64($0), scale: 3) + "g" } ?? ""
        var lines = [
            "felt        stage's frame → click felt (accelerometer): \(CountText.of(tally.clicks, "click")), \(tally.notFelt) not felt;"
                + " onset p50 \(onset.percentile(500)), p99 \(onset.percentile(990)), max \(onset.maximum)\(peak)",
        ]
        if tally.feltLatency.count > 0 {
            let felt = HistogramText(histogram: tally.feltLatency)
            lines.append("felt latency true force (reference) crossing a stage's threshold → click felt: p50 \(felt.percentile(500)), p99 \(felt.percentile(990)), max \(felt.maximum)")
            lines += felt.bucketLines
        }
        return lines
    }

    /// `felt`: `clicks`, `not_felt`, `onset_latency_us` and `felt_latency_us` (histogram
    /// summaries; the latter null without a reference crossing), `lowest_peak_g`; null
    /// without an accelerometer.
    var json: JSONValue {
        guard let tally else { return .null }
        return .object([
            ("clicks", .int(Int64(tally.clicks))), ("not_felt", .int(Int64(tally.notFelt))),
            ("onset_latency_us", .object(HistogramText(histogram: tally.onsetLatency).fields)),
            ("felt_latency_us", tally.feltLatency.count > 0 ? .object(HistogramText(histogram: tally.feltLatency).fields) : .null),
            ("lowest_peak_g", tally.lowestPeakMilliG.map { .decimal(Int64($0), places: 3) } ?? .null),
        ])
    }
}
