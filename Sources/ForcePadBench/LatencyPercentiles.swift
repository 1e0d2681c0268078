import ForcePadCore

/// Wake-up lateness of a periodic thread summarised the same way for the control loop and
/// for cyclictest: samples, p50, p99, p99.9 and maximum (µs).
struct LatencyPercentiles {
    let samples: UInt64
    let p50Micros: Int64
    let p99Micros: Int64
    let p999Micros: Int64
    let maxMicros: Int64

    /// From the loop's histogram; percentiles are the upper edges of its fine buckets (exact
    /// below 64 µs, at most 1/16 high above). Nil when it holds no samples.
    init?(_ histogram: LatencyHistogram) {
        guard histogram.count > 0 else { return nil }
        samples = histogram.count
        p50Micros = histogram.percentileMicros(permille: 500)!
        p99Micros = histogram.percentileMicros(permille: 990)!
        p999Micros = histogram.percentileMicros(permille: 999)!
        maxMicros = histogram.maxMicros
    }

    /// From 1 µs buckets (`buckets[i]` samples of i µs) and `overflows` samples beyond the
    /// last bucket, whose largest was `maxMicros`; a percentile that falls among the overflows
    /// reads as the maximum. Nil when there are no samples.
    init?(microsecondBuckets buckets: [UInt64], overflows: UInt64, maxMicros: Int64) {
        let samples = buckets.reduce(0, +) + overflows
        guard samples > 0 else { return nil }
        func percentile(_ permille: UInt64) -> Int64 {
            let rank = max(1, (samples * permille + 999) / 1000)
            var seen: UInt64 = 0
            for (micros, count) in buckets.enumerated() {
                seen += count
                if seen >= rank { return min(Int64(micros), maxMicros) }
            }
            return maxMicros
        }
        self.samples = samples
        p50Micros = percentile(500)
        p99Micros = percentile(990)
        p999Micros = percentile(999)
        self.maxMicros = maxMicros
    }

    /// `p50 12 / p99 30 / p99.9 41 / max 80 us`.
    var summary: String {
        "p50 \(p50Micros) / p99 \(p99Micros) / p99.9 \(p999Micros) / max \(maxMicros) us"
    }
}
