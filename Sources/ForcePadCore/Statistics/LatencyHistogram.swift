/// A fixed-size histogram of latencies in µs, cheap enough to update in the loop, kept at two
/// resolutions:
///
/// - ``counts``: buckets of 1-2-5 steps from 10 µs to 100 ms plus one for anything longer,
///   for bar charts;
/// - fine buckets for percentiles: one per µs below 64 µs, then 16 per power of two up to
///   2¹⁷ µs (131 ms), so a bucket is at most 1/16 (6.25 %) of its lower edge wide, plus
///   one for anything longer.
///
/// It also keeps the exact count, sum and maximum. Percentiles are read as the upper edge of
/// their fine bucket (so they never understate, and are exact below 64 µs). Allocation-free:
/// both bucket arrays are inline.
public struct LatencyHistogram: Sendable, BitwiseCopyable {
    /// Upper edges of the buckets (µs); the last bucket holds everything above the last edge.
    public static let edgesMicros: InlineArray<13, Int64> = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]

    /// Samples per bucket: `counts[i]` holds samples ≤ edge i and above edge i − 1;
    /// `counts[13]` holds samples above 100 ms.
    public private(set) var counts: InlineArray<14, UInt64>
    public private(set) var count: UInt64 = 0
    public private(set) var sumMicros: Int64 = 0
    public private(set) var maxMicros: Int64 = 0
    /// Samples per fine bucket (see ``fineBucket(of:)``).
    private var fineCounts: InlineArray<241, UInt64>

    /// Samples below this many µs get a fine bucket each.
    static let exactBelowMicros: Int64 = 64
    /// Fine buckets per power of two at and above ``exactBelowMicros`` (log2 is 4).
    static let subBucketsPerOctave = 16
    /// The first value (µs) that goes to the last fine bucket, which has no upper edge.
    static let fineLimitMicros: Int64 = 1 << 17
    static let fineOverflowBucket = 240

    public init() {
        counts = InlineArray(repeating: 0)
        fineCounts = InlineArray(repeating: 0)
    }

    /// Adds one sample (negative values count as 0).
    @inline(__always)
    public mutating func record(_ micros: Int64) {
        let value = max(micros, 0)
        var bucket = 0
        while bucket < 13 && value > Self.edgesMicros[bucket] { bucket += 1 }
        counts[bucket] += 1
        fineCounts[Self.fineBucket(of: value)] += 1
        count += 1
        sumMicros += value
        if value > maxMicros { maxMicros = value }
    }

    /// Adds every sample of `other`, as if each had been recorded here (to sum the
    /// histograms of separate runs).
    public mutating func add(_ other: LatencyHistogram) {
        for bucket in 0..<14 { counts[bucket] += other.counts[bucket] }
        for bucket in 0...Self.fineOverflowBucket { fineCounts[bucket] += other.fineCounts[bucket] }
        count += other.count
        sumMicros += other.sumMicros
        maxMicros = max(maxMicros, other.maxMicros)
    }

    /// The fine bucket of a sample of `value` µs (≥ 0): the value itself below 64 µs; above,
    /// 16 buckets per power of two, indexed by the 4 bits after the leading one.
    @inline(__always)
    static func fineBucket(of value: Int64) -> Int {
        if value < exactBelowMicros { return Int(value) }
        if value >= fineLimitMicros { return fineOverflowBucket }
        let octave = 63 - value.leadingZeroBitCount
        let shift = octave - 4
        return Int(exactBelowMicros) + (octave - 6) * subBucketsPerOctave + Int((value >> shift) & 15)
    }

    /// The largest value (µs) fine bucket `bucket` holds; nil for the overflow bucket.
    static func fineUpperEdge(of bucket: Int) -> Int64? {
        if bucket < Int(exactBelowMicros) { return Int64(bucket) }
        guard bucket < fineOverflowBucket else { return nil }
        let octave = 6 + (bucket - Int(exactBelowMicros)) / subBucketsPerOctave
        let subBucket = Int64((bucket - Int(exactBelowMicros)) % subBucketsPerOctave)
        let shift = Int64(octave - 4)
        return ((16 + subBucket) << shift) + (1 << shift) - 1
    }

    /// The upper edge of the fine bucket holding the `permille`-th sample (500 = median,
    /// 999 = p99.9), capped at the maximum seen; nil when empty.
    public func percentileMicros(permille: Int) -> Int64? {
        guard count > 0 else { return nil }
        let rank = max(1, (count * UInt64(permille) + 999) / 1000)
        var seen: UInt64 = 0
        for bucket in 0...Self.fineOverflowBucket {
            seen += fineCounts[bucket]
            if seen >= rank { return Self.fineUpperEdge(of: bucket).map { min($0, maxMicros) } ?? maxMicros }
        }
        return maxMicros
    }

    /// Mean in µs; nil when empty.
    public var meanMicros: Int64? { count > 0 ? sumMicros / Int64(count) : nil }
}
