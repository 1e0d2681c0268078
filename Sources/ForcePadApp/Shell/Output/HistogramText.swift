import ForcePadCore
import ForcePadShell

/// Text forms of a ``LatencyHistogram`` for the shell: a one-line percentile summary and
/// one bar per non-empty bucket.
struct HistogramText {
    let histogram: LatencyHistogram

    /// `p` per mille as `123us`, or `-` when there are no samples.
    func percentile(_ permille: Int) -> String {
        histogram.percentileMicros(permille: permille).map { "\($0)us" } ?? "-"
    }

    /// The maximum as `123us`, or `-` when there are no samples.
    var maximum: String { histogram.count > 0 ? "\(histogram.maxMicros)us" : "-" }

    /// One line per non-empty bucket: its upper edge, its count and a bar of up to 40 `#`,
    /// indented by two spaces.
    var bucketLines: [String] {
        guard histogram.count > 0 else { return [] }
        return (0..<14).compactMap { bucket in
            let count = histogram.counts[bucket]
            guard count > 0 else { return nil }
            let upper = bucket < 13 ? "\(LatencyHistogram.edgesMicros[bucket])us" : "∞"
            let bar = String(repeating: "#", count: Int(max(1, count * 40 / histogram.count)))
            return "  ≤ \(upper.leftPadded(to: 8))  \(String(count).leftPadded(to: 8))  \(bar)"
        }
    }

    /// Samples, p50, p99, p99.9, max and mean as JSON fields (nulls when empty).
    var fields: [(String, JSONValue)] {
        [
            ("samples", .int(Int64(histogram.count))),
            ("p50_us", histogram.percentileMicros(permille: 500).map { .int($0) } ?? .null),
            ("p99_us", histogram.percentileMicros(permille: 990).map { .int($0) } ?? .null),
            ("p999_us", histogram.percentileMicros(permille: 999).map { .int($0) } ?? .null),
            ("max_us", histogram.count > 0 ? .int(histogram.maxMicros) : .null),
            ("mean_us", histogram.meanMicros.map { .int($0) } ?? .null),
        ]
    }
}
