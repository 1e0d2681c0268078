/// Everything the pipeline needs besides calibration, as loop-ready integers. Built at the
/// edge from ``ControllerSettings`` and the sample rate; sent to the loop as one value.
public struct PipelineSettings: Sendable, Equatable, BitwiseCopyable {
    public var filter: LowPassCoefficients
    public var spikeRejection: Bool
    /// Touch threshold: a tare is refused if the total reaches it.
    public var touch: Force
    /// A cell at or above this force is in contact (half the touch threshold, so a light
    /// touch shared by two cells still counts).
    public var contactThreshold: Force
    /// Force reported as normalised 1.0.
    public var averageTouch: Force
    /// Drift tracker shift (time constant 2^shift frames; 0 = off).
    public var baselineShift: Int
    /// Frames a tare measures.
    public var tareFrames: Int
    /// See ``BaselineSettings/tareSpreadLimitCounts``.
    public var tareSpreadLimitCounts: Int32

    public init(
        filter: LowPassCoefficients, spikeRejection: Bool, touch: Force, contactThreshold: Force,
        averageTouch: Force, baselineShift: Int, tareFrames: Int, tareSpreadLimitCounts: Int32
    ) {
        self.filter = filter
        self.spikeRejection = spikeRejection
        self.touch = touch
        self.contactThreshold = contactThreshold
        self.averageTouch = averageTouch
        self.baselineShift = baselineShift
        self.tareFrames = tareFrames
        self.tareSpreadLimitCounts = tareSpreadLimitCounts
    }

    /// The pipeline settings for `settings` on a board sampling at `sampleRateHz`.
    public init(settings: ControllerSettings, sampleRateHz: Int) {
        let baseline = settings.baseline
        self.init(
            filter: LowPassCoefficients(settings: settings.filter, sampleRateHz: sampleRateHz),
            spikeRejection: settings.filter.spikeRejection,
            touch: settings.thresholds.touch,
            contactThreshold: Force(milligrams: max(settings.thresholds.touch.milligrams / 2, 1)),
            averageTouch: settings.forceScale.averageTouch,
            baselineShift: BaselineTracker.shift(timeConstantMicros: baseline.trackingMicros, sampleRateHz: sampleRateHz),
            tareFrames: max(Int(baseline.tareMicros * Int64(sampleRateHz) / 1_000_000), TareMeasurement.minimumFrames),
            tareSpreadLimitCounts: baseline.tareSpreadLimitCounts)
    }

    /// Frames of delay the pipeline adds to a step before filtering starts to respond:
    /// one for spike rejection when it is on.
    public var spikeDelayFrames: Int { spikeRejection ? 1 : 0 }
}
