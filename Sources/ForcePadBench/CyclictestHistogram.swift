/// cyclictest's latency histogram (`-h LIMIT`): samples per whole µs below the limit, the
/// samples at or above it (overflows) and the largest latency seen, summed over runs.
struct CyclictestHistogram {
    private(set) var buckets: [UInt64]
    private(set) var overflows: UInt64 = 0
    private(set) var maxMicros: Int64 = 0

    init(limitMicros: Int) {
        buckets = Array(repeating: 0, count: limitMicros)
    }

    /// Adds the histogram printed by one run (lines `000012 000345`, then `# Histogram
    /// Overflows: 00003` and `# Max Latencies: 00123`); the lines it did not use, or nil
    /// when the output holds no histogram.
    mutating func add(output: String) -> [String]? {
        var runMax: Int64?
        var unused: [String] = []
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let micros = Int(fields[0]), let count = UInt64(fields[1]), micros < buckets.count {
                buckets[micros] += count
            } else if line.hasPrefix("# Histogram Overflows:") {
                overflows += UInt64(fields.last!) ?? 0
            } else if line.hasPrefix("# Max Latencies:") {
                runMax = Int64(fields.last!)
            } else if !line.hasPrefix("# Histogram") && !line.hasPrefix("# Thread") && !line.hasPrefix("# Total")
                && !line.hasPrefix("# Min") && !line.hasPrefix("# Avg") {
                unused.append(String(line))
            }
        }
        guard let runMax else { return nil }
        maxMicros = max(maxMicros, runMax)
        return unused
    }

    /// Samples of at least `micros` µs (overflows included).
    func samples(atLeast micros: Int) -> UInt64 {
        buckets[min(micros, buckets.count)...].reduce(overflows, +)
    }

    /// Its percentiles; nil while empty.
    var percentiles: LatencyPercentiles? {
        LatencyPercentiles(microsecondBuckets: buckets, overflows: overflows, maxMicros: maxMicros)
    }
}
