/// What one stage (peek or pop) did over a trial's presses.
public struct StageStatistics: Sendable, Equatable {
    public let stage: PressStage
    /// The threshold the stage was set to during the trial.
    public let threshold: Force
    /// Presses in which the stage fired.
    public let fired: Int
    /// Force at which it fired, per firing (mg), in press order.
    public let forcesMilligrams: [Int64]
    /// Summary of ``forcesMilligrams`` (mg).
    public let force: SampleSummary?
    /// Fired force minus the threshold (mg): how far past the threshold the force had gone
    /// by the frame that fired (filter delay, dwell).
    public let overshoot: SampleSummary?
    /// From `press.began` to the stage (µs).
    public let touchToStage: SampleSummary?
    /// Stage→line latency (the stage's frame → GPIO) per firing that drove the line (µs), in press order.
    public let latenciesMicros: [Int64]
    /// Nearest-rank p50 and p99, and the maximum, of ``latenciesMicros`` (µs).
    public let latencyP50Micros: Int64?
    public let latencyP99Micros: Int64?
    public let latencyMaxMicros: Int64?
    /// The true crossing → line latency (``CrossingLatency``) per firing that has one, in press
    /// order; empty without a reference.
    public let crossings: [CrossingLatency]
    /// Nearest-rank p50 and p99, and the maximum, of the crossing → line latencies (µs).
    public let crossingToLineP50Micros: Int64?
    public let crossingToLineP99Micros: Int64?
    public let crossingToLineMaxMicros: Int64?
    /// The crossings' uncertainty: the reference's longest sample period among them (µs).
    public let crossingUncertaintyMicros: Int64?
    /// What the accelerometer felt of each firing that has a `haptic.felt`, in press order;
    /// empty without an accelerometer.
    public let felt: [StageFelt]
    /// Nearest-rank p50, and the maximum, of the felt latencies (µs), over the felt firings
    /// with a reference crossing.
    public let feltLatencyP50Micros: Int64?
    public let feltLatencyMaxMicros: Int64?
    /// Nearest-rank p50, and the maximum, of the onset latencies (µs) of the felt firings.
    public let onsetLatencyP50Micros: Int64?
    public let onsetLatencyMaxMicros: Int64?
    /// The lowest and the median peak acceleration (milli-g) over ``felt`` (0 for one not felt).
    public let peakMinMilliG: Int32?
    public let peakP50MilliG: Int32?
    /// Upward re-crossings of the threshold after the stage fired, without a release, summed
    /// over the presses; and how many presses had any.
    public let chatter: Int
    public let pressesWithChatter: Int

    public init(stage: PressStage, threshold: Force, records: [PressRecord]) {
        self.stage = stage
        self.threshold = threshold
        let firings = records.compactMap { record in record.firing(stage).map { (record, $0) } }
        fired = firings.count
        forcesMilligrams = firings.map { Int64($0.1.force.milligrams) }
        force = SampleSummary(forcesMilligrams)
        overshoot = SampleSummary(forcesMilligrams.map { $0 - Int64(threshold.milligrams) })
        touchToStage = SampleSummary(firings.map { $0.1.timeMicros - $0.0.beganMicros })
        latenciesMicros = firings.compactMap { $0.1.latencyMicros }
        latencyP50Micros = SampleSummary.percentile(latenciesMicros, permille: 500)
        latencyP99Micros = SampleSummary.percentile(latenciesMicros, permille: 990)
        latencyMaxMicros = latenciesMicros.max()
        crossings = firings.compactMap { $0.1.crossing }
        let crossingToLine = crossings.map(\.crossingToLineMicros)
        crossingToLineP50Micros = SampleSummary.percentile(crossingToLine, permille: 500)
        crossingToLineP99Micros = SampleSummary.percentile(crossingToLine, permille: 990)
        crossingToLineMaxMicros = crossingToLine.max()
        crossingUncertaintyMicros = crossings.map(\.uncertaintyMicros).max()
        felt = firings.compactMap { $0.1.felt }
        let feltLatencies = felt.compactMap(\.feltLatencyMicros)
        feltLatencyP50Micros = SampleSummary.percentile(feltLatencies, permille: 500)
        feltLatencyMaxMicros = feltLatencies.max()
        let onsets = felt.compactMap(\.onsetLatencyMicros)
        onsetLatencyP50Micros = SampleSummary.percentile(onsets, permille: 500)
        onsetLatencyMaxMicros = onsets.max()
        let peaks = felt.map { Int64($0.peakMilliG) }
        peakMinMilliG = peaks.min().map { Int32($0) }
        peakP50MilliG = SampleSummary.percentile(peaks, permille: 500).map { Int32($0) }
        chatter = firings.reduce(0) { $0 + $1.1.chatter }
        pressesWithChatter = firings.filter { $0.1.chatter > 0 }.count
    }
}
