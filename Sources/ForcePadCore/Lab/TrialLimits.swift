/// Pass/fail limits for a trial (`[trials]` in forcepad.toml). Each is optional; a trial
/// with no limit set has no verdict.
public struct TrialLimits: Sendable, Equatable {
    /// Every peek must fire within threshold ± this force.
    public var peekTolerance: Force?
    /// Every pop must fire within threshold ± this force.
    public var popTolerance: Force?
    /// Crossing → GPIO latency p99 of each stage, at most (µs).
    public var latencyP99Micros: Int64?
    /// Crossing → GPIO latency maximum of each stage, at most (µs).
    public var latencyMaxMicros: Int64?
    /// Cancelled presses per finished press, at most, in thousandths (100 = 0.1).
    public var cancelRatePermille: Int?
    /// Chatter (threshold re-crossings without release) over the trial, at most.
    public var maxChatter: Int?

    public init(
        peekTolerance: Force? = nil, popTolerance: Force? = nil, latencyP99Micros: Int64? = nil,
        latencyMaxMicros: Int64? = nil, cancelRatePermille: Int? = nil, maxChatter: Int? = nil
    ) {
        self.peekTolerance = peekTolerance
        self.popTolerance = popTolerance
        self.latencyP99Micros = latencyP99Micros
        self.latencyMaxMicros = latencyMaxMicros
        self.cancelRatePermille = cancelRatePermille
        self.maxChatter = maxChatter
    }

    /// No limits: trials report statistics without a verdict.
    public static let none = TrialLimits()
}
