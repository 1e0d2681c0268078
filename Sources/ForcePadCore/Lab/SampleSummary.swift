/// Mean, standard deviation, minimum and maximum of integer samples (milligrams or µs:
/// the unit is the caller's), for trial statistics. Floating point: reports only, never
/// the loop.
public struct SampleSummary: Sendable, Equatable {
    public let count: Int
    public let mean: Double
    /// Sample standard deviation (n − 1 in the denominator); 0 for a single sample.
    public let standardDeviation: Double
    public let minimum: Int64
    public let maximum: Int64

    /// Nil when `samples` is empty.
    public init?(_ samples: [Int64]) {
        guard let minimum = samples.min(), let maximum = samples.max() else { return nil }
        count = samples.count
        let mean = samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
        self.mean = mean
        if samples.count > 1 {
            let squares = samples.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
            standardDeviation = (squares / Double(samples.count - 1)).squareRoot()
        } else {
            standardDeviation = 0
        }
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Nearest-rank percentile: the smallest sample with at least `permille`/1000 of the
    /// samples at or below it (500: the median, 990: p99). Nil when empty.
    public static func percentile(_ samples: [Int64], permille: Int) -> Int64? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = max(1, (sorted.count * permille + 999) / 1000)
        return sorted[min(rank, sorted.count) - 1]
    }
}
