/// Measures a stage's click from accelerometer samples, in integer arithmetic and without
/// allocating (it reads the samples in place).
///
/// Definitions (accelerations in milli-g, times in µs):
/// - Rest: the samples in the ``restWindowMicros`` before the stage's frame, or before an
///   earlier time given (`restBeforeMicros`: the click before, when it still rings). Their mean
///   is the resting level (gravity and offset); the noise floor is the RMS of the samples about it.
/// - Threshold: max(``noiseMultiple`` × noise RMS, ``thresholdFloorMilliG``) — the floor keeps
///   a quiet sensor from counting its own quantisation as a click.
/// - Envelope: the largest |sample − resting level| over the trailing ``envelopeWindowMicros``
///   (a peak hold over half a period of the slowest vibration measured, 100 Hz), so it follows
///   the vibration's amplitude rather than its zero crossings.
/// - Onset: the first sample after the stage whose |sample − resting level| exceeds the
///   threshold; its time is interpolated between it and the sample before. Measured from the
///   stage's frame it is the onset latency; measured from a reference's true crossing instead
///   (pass that as `stageMicros`) it is the felt latency.
/// - Peak: the envelope's largest value after the stage. Rise: the envelope's first reaching
///   10 % of the peak → its first reaching 90 %.
/// - Duration above threshold: the onset → the last sample above the threshold.
/// - Ring-down: the drive's end → the last sample above the threshold (0 if none after it).
public struct FeltClickAnalyzer: Sendable, Equatable {
    /// How far before the stage the resting samples are taken (µs).
    public var restWindowMicros: Int64 = 20_000
    /// The peak hold's length (µs).
    public var envelopeWindowMicros: Int64 = 5_000
    /// The threshold in multiples of the noise RMS.
    public var noiseMultiple: Int32 = 5
    /// The lowest threshold (milli-g).
    public var thresholdFloorMilliG: Int32 = 20
    /// The fewest resting samples a noise floor is computed from.
    public static let minimumRestSamples = 8

    public init() {}

    /// Measures the click a stage at `stageMicros` started, whose drive ended at
    /// `driveEndMicros`, from `samples` in time order; the rest is taken before
    /// `restBeforeMicros` (the stage's frame when nil).
    public func measure(
        _ samples: Span<AccelerationSample>, stageMicros: Int64, driveEndMicros: Int64, restBeforeMicros: Int64? = nil
    ) throws(FeltClickAnalysisError) -> FeltClickMeasurement {
        let restEnd = min(restBeforeMicros ?? stageMicros, stageMicros)
        let restStart = restEnd - restWindowMicros
        var restCount = 0
        var restSum: Int64 = 0
        var first = samples.count
        for index in samples.indices {
            let sample = samples[index]
            if sample.timeMicros >= stageMicros {
                first = index
                break
            }
            if sample.timeMicros >= restStart && sample.timeMicros < restEnd {
                restCount += 1
                restSum += Int64(sample.milliG)
            }
        }
        guard restCount >= Self.minimumRestSamples else {
            throw .tooFewRestSamples(found: restCount, needed: Self.minimumRestSamples)
        }
        let rest = restSum / Int64(restCount)
        var squares: Int64 = 0
        for index in 0..<first where samples[index].timeMicros >= restStart && samples[index].timeMicros < restEnd {
            let deviation = Int64(samples[index].milliG) - rest
            squares += deviation * deviation
        }
        let noise = Int32(Self.squareRoot(squares / Int64(restCount)))
        let threshold = max(noiseMultiple * noise, thresholdFloorMilliG)

        var onset: Int64?
        var lastAbove: Int64 = 0
        var peak: Int32 = 0
        for index in first..<samples.count {
            let deviation = Self.deviation(samples[index], rest)
            peak = max(peak, envelope(samples, at: index, rest: rest))
            guard deviation > threshold else { continue }
            lastAbove = samples[index].timeMicros
            if onset == nil {
                onset = Self.crossing(samples, at: index, rest: rest, threshold: threshold, notBefore: stageMicros)
            }
        }
        guard let onset else { throw .neverFelt(thresholdMilliG: threshold) }
        var tenPercent: Int64?
        var ninetyPercent: Int64?
        for index in first..<samples.count where ninetyPercent == nil {
            let level = Int64(envelope(samples, at: index, rest: rest)) * 10
            if tenPercent == nil && level >= Int64(peak) { tenPercent = samples[index].timeMicros }
            if level >= Int64(peak) * 9 { ninetyPercent = samples[index].timeMicros }
        }
        let riseStart = tenPercent ?? onset
        return FeltClickMeasurement(
            noiseRMSMilliG: noise, thresholdMilliG: threshold, onsetLatencyMicros: onset - stageMicros,
            peakMilliG: peak, riseMicros: (ninetyPercent ?? riseStart) - riseStart,
            aboveThresholdMicros: lastAbove - onset, ringDownMicros: max(0, lastAbove - driveEndMicros))
    }

    /// The envelope at `index`: the largest deviation over the trailing window. (A stride loop:
    /// Swift 6.2.3, the packages' compiler, crashes optimising the same walk as a while loop.)
    func envelope(_ samples: Span<AccelerationSample>, at index: Int, rest: Int64) -> Int32 {
        let windowStart = samples[index].timeMicros - envelopeWindowMicros
        var largest: Int32 = 0
        for cursor in stride(from: index, through: 0, by: -1) {
            let sample = samples[cursor]
            if sample.timeMicros <= windowStart { break }
            largest = max(largest, Self.deviation(sample, rest))
        }
        return largest
    }

    /// |sample − resting level| (milli-g), saturated to Int32.
    static func deviation(_ sample: AccelerationSample, _ rest: Int64) -> Int32 {
        Int32(clamping: abs(Int64(sample.milliG) - rest))
    }

    /// When the deviation crossed `threshold` between the sample before `index` and it (µs).
    static func crossing(
        _ samples: Span<AccelerationSample>, at index: Int, rest: Int64, threshold: Int32, notBefore: Int64
    ) -> Int64 {
        let after = samples[index]
        guard index > 0 else { return after.timeMicros }
        let before = samples[index - 1]
        let low = Int64(deviation(before, rest))
        let high = Int64(deviation(after, rest))
        guard high > low, low < Int64(threshold) else { return after.timeMicros }
        let span = after.timeMicros - before.timeMicros
        let time = before.timeMicros + span * (Int64(threshold) - low) / (high - low)
        return max(time, notBefore)
    }

    /// ⌊√value⌋ for value ≥ 0, by Newton's method on integers.
    public static func squareRoot(_ value: Int64) -> Int64 {
        guard value > 1 else { return max(value, 0) }
        var root = value
        var next = (root + 1) / 2
        while next < root {
            root = next
            next = (root + value / root) / 2
        }
        return root
    }
}
