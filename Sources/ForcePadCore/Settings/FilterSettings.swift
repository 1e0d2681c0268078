/// Per-cell filtering before thresholds are compared.
public struct FilterSettings: Sendable, Equatable, BitwiseCopyable {
    public var kind: FilterKind
    /// Cut-off frequency in milli-hertz (Q0, 1 LSB = 0.001 Hz).
    public var cutoffMilliHertz: Int64
    /// Median-of-3 spike rejection, so one bad conversion never fires a threshold.
    public var spikeRejection: Bool

    public init(kind: FilterKind, cutoffMilliHertz: Int64, spikeRejection: Bool) {
        self.kind = kind
        self.cutoffMilliHertz = cutoffMilliHertz
        self.spikeRejection = spikeRejection
    }

    public static let standard = FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: true)
}
