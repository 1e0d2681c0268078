import ForcePadCore

/// The last few seconds of reference readings (loop time), to give the reference force at
/// the time of a frame by ``ReferenceInterpolation``'s rule (linear between the two readings
/// around it, only when they are at most ``maxGapMicros`` apart). For a whole recording,
/// ``ReferenceReadings``. Fixed capacity (the oldest readings make room); allocation-free after `init`.
public struct ReferenceHistory: Sendable {
    /// Readings kept (512: 6 s at 80 SPS, 1.6 s at 320 SPS).
    public static let capacity = 512
    private var samples = InlineArray<512, ReferenceSample>(repeating: ReferenceSample(timeMicros: 0, force: .zero))
    /// Index of the oldest reading, and how many are kept.
    private var start = 0
    public private(set) var count = 0
    /// Longest interval between two readings that are interpolated between (µs): two sample periods.
    public let maxGapMicros: Int64
    /// How often the sensor is read (µs): the uncertainty of a crossing time.
    public let samplePeriodMicros: Int64

    /// A history for a sensor read every `samplePeriodMicros`.
    public init(samplePeriodMicros: Int64) {
        maxGapMicros = 2 * samplePeriodMicros
        self.samplePeriodMicros = samplePeriodMicros
    }

    /// The newest reading, or nil before the first.
    public var latest: ReferenceSample? {
        count == 0 ? nil : samples[(start + count - 1) % Self.capacity]
    }

    /// Adds a reading; one not newer than the newest is ignored.
    public mutating func append(_ sample: ReferenceSample) {
        if let latest, sample.timeMicros <= latest.timeMicros { return }
        if count == Self.capacity {
            samples[start] = sample
            start = (start + 1) % Self.capacity
        } else {
            samples[(start + count) % Self.capacity] = sample
            count += 1
        }
    }

    /// The reference force at `timeMicros`: a reading at that time, or the line between the
    /// readings just before and just after it when they are at most ``maxGapMicros`` apart;
    /// nil otherwise (no reading yet after it, a gap, or older than the history).
    public func force(atMicros timeMicros: Int64) -> Force? {
        var after = count - 1
        while after >= 0, sample(after).timeMicros > timeMicros { after -= 1 }
        // `after` is now the newest reading at or before the time.
        guard after >= 0 else { return nil }
        return ReferenceInterpolation.force(
            atMicros: timeMicros, before: sample(after), after: after + 1 < count ? sample(after + 1) : nil, maxGapMicros: maxGapMicros)
    }

    /// When the true force last crossed `threshold` upward before a stage fired at
    /// `stageMicros` (µs), by ``ReferenceCrossing``'s rule, looking back no further than
    /// `windowStartMicros`; nil when the readings kept do not show it.
    public func crossing(of threshold: Force, stageMicros: Int64, windowStartMicros: Int64) -> Int64? {
        ReferenceCrossing.lastUpward(
            of: threshold, stageMicros: stageMicros, windowStartMicros: windowStartMicros, maxGapMicros: maxGapMicros,
            count: count, sample: sample)
    }

    /// Whether ``force(atMicros:)`` and ``crossing(of:stageMicros:windowStartMicros:)`` for
    /// `timeMicros` are final: a reading after it has arrived (one at the time itself settles
    /// the force but not a crossing: below the threshold there, the crossing lies between it
    /// and the next reading), or `nowMicros` (loop time) is more than ``maxGapMicros`` plus
    /// ``deliveryAllowanceMicros`` past it, so any reading still to come would be too far away.
    public func isSettled(atMicros timeMicros: Int64, nowMicros: Int64) -> Bool {
        if let latest, latest.timeMicros > timeMicros { return true }
        return nowMicros - timeMicros > maxGapMicros + Self.deliveryAllowanceMicros
    }

    /// How long after its time a reading may still reach the event pump (µs): its reader runs
    /// on its own thread, which a busy machine can hold back. A stage event waits this long at
    /// most for the reading after its frame, so that the live figures are the recording's.
    public static let deliveryAllowanceMicros: Int64 = 250_000

    private func sample(_ index: Int) -> ReferenceSample {
        samples[(start + index) % Self.capacity]
    }
}
