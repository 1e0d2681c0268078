/// How long the per-cell filter holds on to what it was given: its group delay, and the
/// time a step takes to settle. One home for both, used by `filter`, `status`, the shell's
/// waits and the trial's exclusion of presses near a loss of frames.
public struct FilterDelay: Sendable, Equatable {
    /// Group delay at DC of the quantised filter plus one frame for spike rejection (frames).
    public let frames: Double
    /// Frames per second the filter runs at.
    public let sampleRateHz: Int

    public init(settings: FilterSettings, sampleRateHz: Int) {
        let coefficients = LowPassCoefficients(settings: settings, sampleRateHz: sampleRateHz)
        let spikeFrames = settings.spikeRejection ? 1 : 0
        frames = coefficients.groupDelayFrames + Double(spikeFrames)
        self.sampleRateHz = sampleRateHz
        let settleFrames = settings.kind == .oneEuro
            ? Double(Self.longestStepSettleFrames(coefficients) + spikeFrames) : 2 + 8 * frames
        settleMicros = Int64((settleFrames * 1_000_000 / Double(sampleRateHz)).rounded(.up))
    }

    /// The group delay in milliseconds.
    public var milliseconds: Double { frames * 1000 / Double(sampleRateHz) }

    /// Time for the filtered force to settle after a step (µs): eight group delays plus two
    /// frames, which brings a one-pole or Butterworth filter within 0.1 % of the step. A frame
    /// older than this no longer moves the filtered force by more than 0.1 % of its size. The
    /// one-euro filter settles far sooner than its delay at rest says, since a step opens it:
    /// its figure is the longest that steps of 5 g, 50 g, 500 g and 5 kg take through the
    /// quantised filter to stay within 0.1 % of themselves, plus a frame of spike rejection.
    public let settleMicros: Int64

    /// Frames after which steps of 5 g to 5 kg through `coefficients` stay within 0.1 % of
    /// themselves, the longest of them (at the edge, never in the loop).
    private static func longestStepSettleFrames(_ coefficients: LowPassCoefficients) -> Int {
        let limit = 100_000
        return [Int32(5_000), 50_000, 500_000, 5_000_000].map { step in
            var bank = CellFilterBank(cellCount: 1, coefficients: coefficients)
            var values = CellValues(repeating: 0)
            var lastOutside = 0
            bank.filter(&values)
            for frame in 1...limit {
                values[0] = step
                bank.filter(&values)
                if abs(values[0] - step) > step / 1_000 { lastOutside = frame }
                if frame - lastOutside > 1_000 { break }
            }
            return lastOutside
        }.max() ?? limit
    }
}
