/// How long the per-cell filter holds on to what it was given: its group delay, and the
/// time a step takes to settle. One home for both, used by `filter`, `status`, the shell's
/// waits and the trial's exclusion of presses near a loss of frames.
public struct FilterDelay: Sendable, Equatable {
    /// Group delay at DC of the quantised filter plus one frame for spike rejection (frames).
    public let frames: Double
    /// Frames per second the filter runs at.
    public let sampleRateHz: Int

    public init(settings: FilterSettings, sampleRateHz: Int) {
        frames = LowPassCoefficients(settings: settings, sampleRateHz: sampleRateHz).groupDelayFrames + (settings.spikeRejection ? 1 : 0)
        self.sampleRateHz = sampleRateHz
    }

    /// The group delay in milliseconds.
    public var milliseconds: Double { frames * 1000 / Double(sampleRateHz) }

    /// Time for the filtered force to settle after a step (µs): eight group delays plus two
    /// frames, which brings a one-pole or Butterworth filter within 0.1 % of the step. A frame
    /// older than this no longer moves the filtered force by more than 0.1 % of its size.
    public var settleMicros: Int64 {
        Int64(((2 + 8 * frames) * 1_000_000 / Double(sampleRateHz)).rounded(.up))
    }
}
