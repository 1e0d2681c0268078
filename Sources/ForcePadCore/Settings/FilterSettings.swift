/// Per-cell filtering before thresholds are compared.
public struct FilterSettings: Sendable, Equatable, BitwiseCopyable {
    public var kind: FilterKind
    /// Cut-off frequency in milli-hertz (Q0, 1 LSB = 0.001 Hz); the one-euro filter's cut-off
    /// at rest.
    public var cutoffMilliHertz: Int64
    /// Median-of-3 spike rejection, so one bad conversion never fires a threshold.
    public var spikeRejection: Bool
    /// One-euro filter only: how much its cut-off rises with the cell's force speed, in mHz
    /// per g/s (Q0): at 1000 g/s a β of 100 mHz per g/s adds 100 Hz.
    public var betaMilliHertzPerGramPerSecond: Int64
    /// One-euro filter only: cut-off of the low-pass that smooths the speed (mHz, Q0).
    public var speedCutoffMilliHertz: Int64

    public init(
        kind: FilterKind, cutoffMilliHertz: Int64, spikeRejection: Bool,
        betaMilliHertzPerGramPerSecond: Int64 = Self.standardOneEuro.betaMilliHertzPerGramPerSecond,
        speedCutoffMilliHertz: Int64 = Self.standardOneEuro.speedCutoffMilliHertz
    ) {
        self.kind = kind
        self.cutoffMilliHertz = cutoffMilliHertz
        self.spikeRejection = spikeRejection
        self.betaMilliHertzPerGramPerSecond = betaMilliHertzPerGramPerSecond
        self.speedCutoffMilliHertz = speedCutoffMilliHertz
    }

    /// The default: the one-euro filter at 5 Hz at rest, β 0.03 Hz per g/s, its speed smoothed
    /// at 10 Hz, with spike rejection; chosen on the detection-quality table of `make bench`
    /// (docs/performance.md).
    public static let standard = FilterSettings(kind: .oneEuro, cutoffMilliHertz: 5_000, spikeRejection: true)

    /// The one-euro filter's β and speed cut-off when none are given (mHz per g/s, mHz).
    public static let standardOneEuro = (betaMilliHertzPerGramPerSecond: Int64(30), speedCutoffMilliHertz: Int64(10_000))
}
