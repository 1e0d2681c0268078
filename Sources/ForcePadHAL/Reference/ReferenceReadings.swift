import ForcePadCore

/// Every reference reading of a recording (loop time, oldest first), to give the reference
/// force at any frame of it by ``ReferenceInterpolation``'s rule. Unlike the live
/// ``ReferenceHistory``, which keeps the last few seconds, it holds them all, so a replay of a
/// recording of any length gives every stage its `reference_g`.
public struct ReferenceReadings: Sendable {
    private let samples: [ReferenceSample]
    /// Longest interval between two readings that are interpolated between (µs): two sample periods.
    public let maxGapMicros: Int64
    /// How often the sensor was read (µs): the uncertainty of a crossing time.
    public let samplePeriodMicros: Int64

    /// `samples` in time order (a reading not newer than the one before it is left out), for a
    /// sensor read every `samplePeriodMicros`.
    public init(_ samples: [ReferenceSample], samplePeriodMicros: Int64) {
        var kept: [ReferenceSample] = []
        kept.reserveCapacity(samples.count)
        for sample in samples where sample.timeMicros > (kept.last?.timeMicros ?? .min) { kept.append(sample) }
        self.samples = kept
        maxGapMicros = 2 * samplePeriodMicros
        self.samplePeriodMicros = samplePeriodMicros
    }

    /// When the true force last crossed `threshold` upward before a stage fired at
    /// `stageMicros` (µs), by ``ReferenceCrossing``'s rule, looking back no further than
    /// `windowStartMicros`; nil when the readings do not show it.
    public func crossing(of threshold: Force, stageMicros: Int64, windowStartMicros: Int64) -> Int64? {
        ReferenceCrossing.lastUpward(
            of: threshold, stageMicros: stageMicros, windowStartMicros: windowStartMicros, maxGapMicros: maxGapMicros,
            count: samples.count, sample: { samples[$0] })
    }

    public var count: Int { samples.count }

    /// The reference force at `timeMicros`, or nil (no reading at or before it, none after it,
    /// or a gap wider than ``maxGapMicros``).
    public func force(atMicros timeMicros: Int64) -> Force? {
        // The first reading after the time, by binary search.
        var low = 0, high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].timeMicros <= timeMicros { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        return ReferenceInterpolation.force(
            atMicros: timeMicros, before: samples[low - 1], after: low < samples.count ? samples[low] : nil, maxGapMicros: maxGapMicros)
    }
}
