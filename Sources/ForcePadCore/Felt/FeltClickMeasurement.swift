/// What an accelerometer measured of one stage's click: when it was first felt, how strong it
/// was and how long it lasted. Times are µs on the loop's clock or µs durations; accelerations
/// are milli-g above the resting level (gravity and offset removed).
public struct FeltClickMeasurement: Sendable, Equatable {
    /// RMS of the resting signal in the window before the stage (milli-g).
    public let noiseRMSMilliG: Int32
    /// The level the envelope must exceed to count as felt (milli-g): see ``FeltClickAnalyzer``.
    public let thresholdMilliG: Int32
    /// The stage's frame → the envelope's first crossing of the threshold (µs), interpolated
    /// between the two samples either side of it.
    public let onsetLatencyMicros: Int64
    /// The envelope's highest value after the stage (milli-g).
    public let peakMilliG: Int32
    /// From the envelope's first reaching 10 % of the peak to its first reaching 90 % (µs).
    public let riseMicros: Int64
    /// From the first to the last sample above the threshold (µs).
    public let aboveThresholdMicros: Int64
    /// The drive's end → the last sample above the threshold (µs); 0 when it had already
    /// fallen below when the drive ended.
    public let ringDownMicros: Int64

    public init(
        noiseRMSMilliG: Int32, thresholdMilliG: Int32, onsetLatencyMicros: Int64, peakMilliG: Int32,
        riseMicros: Int64, aboveThresholdMicros: Int64, ringDownMicros: Int64
    ) {
        self.noiseRMSMilliG = noiseRMSMilliG
        self.thresholdMilliG = thresholdMilliG
        self.onsetLatencyMicros = onsetLatencyMicros
        self.peakMilliG = peakMilliG
        self.riseMicros = riseMicros
        self.aboveThresholdMicros = aboveThresholdMicros
        self.ringDownMicros = ringDownMicros
    }
}
