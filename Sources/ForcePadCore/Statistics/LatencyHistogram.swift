/// A fixed-size histogram of latencies in µs, cheap enough to update in the loop:
/// buckets of 1-2-5 steps from 10 µs to 100 ms plus one for anything longer, with the exact
/// count, sum and maximum. Percentiles are read as the upper edge of their bucket (so they
/// never understate).
public struct LatencyHistogram: Sendable, BitwiseCopyable {
    /// Upper edges of the buckets (µs); the last bucket holds everything above the last edge.
    public static let edgesMicros: InlineArray<13, Int64> = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]

    /// Samples per bucket: `counts[i]` holds samples ≤ edge i and above edge i − 1;
    /// `counts[13]` holds samples above 100 ms.
    public private(set) var counts: InlineArray<14, UInt64>
    public private(set) var count: UInt64 = 0
    public private(set) var sumMicros: Int64 = 0
    public private(set) var maxMicros: Int64 = 0

    public init() { counts = InlineArray(repeating: 0) }

    /// Adds one sample (negative values count as 0).
    @inline(__always)
    public mutating func record(_ micros: Int64) {
        let value = max(micros, 0)
        var bucket = 0
        while bucket < 13 && value > Self.edgesMicros[bucket] { bucket += 1 }
        counts[bucket] += 1
        count += 1
        sumMicros += value
        if value > maxMicros { maxMicros = value }
    }

    /// The upper edge of the bucket holding the `permille`-th sample (500 = median), capped
    /// at the maximum seen; nil when empty.
    public func percentileMicros(permille: Int) -> Int64? {
        guard count > 0 else { return nil }
        let rank = max(1, (count * UInt64(permille) + 999) / 1000)
        var seen: UInt64 = 0
        for bucket in 0..<14 {
            seen += counts[bucket]
            if seen >= rank { return bucket < 13 ? min(Self.edgesMicros[bucket], maxMicros) : maxMicros }
        }
        return maxMicros
    }

    /// Mean in µs; nil when empty.
    public var meanMicros: Int64? { count > 0 ? sumMicros / Int64(count) : nil }
}
