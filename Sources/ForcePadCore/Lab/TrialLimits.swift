/// Pass/fail limits for a trial (`[trials]`, `[trials.peek]` and `[trials.pop]` in
/// forcepad.toml). Each is optional; a trial with no limit set has no PASS or FAIL.
/// A trial stores the limits it started with, and its verdict uses those.
public struct TrialLimits: Sendable, Equatable, Codable {
    public var peek: StageLimits
    public var pop: StageLimits
    /// Cancelled presses per finished press, at most, in thousandths (100 = 0.1).
    public var cancelRatePermille: Int?
    /// Chatter (threshold re-crossings without release) over the trial, at most.
    public var maxChatter: Int?

    public init(peek: StageLimits = StageLimits(), pop: StageLimits = StageLimits(), cancelRatePermille: Int? = nil, maxChatter: Int? = nil) {
        self.peek = peek
        self.pop = pop
        self.cancelRatePermille = cancelRatePermille
        self.maxChatter = maxChatter
    }

    /// Cancel rates a config or a recording may set (‰).
    public static let cancelRateRangePermille = 0...1000
    /// Chatter limits a config or a recording may set.
    public static let chatterRange = 0...1_000_000

    /// No limits: trials report statistics without a verdict.
    public static let none = TrialLimits()

    /// Whether any limit is set.
    public var isEmpty: Bool { peek.isEmpty && pop.isEmpty && cancelRatePermille == nil && maxChatter == nil }

    /// The limits of `stage`.
    public func limits(of stage: PressStage) -> StageLimits { stage == .pop ? pop : peek }

    enum CodingKeys: String, CodingKey {
        case peek, pop, cancelRatePermille = "cancel_rate_permille", maxChatter = "chatter"
    }

    /// Reads stored limits, each refused outside the range a config may set.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        peek = try container.decode(StageLimits.self, forKey: .peek)
        pop = try container.decode(StageLimits.self, forKey: .pop)
        cancelRatePermille = try container.decodeIfPresent(Int.self, forKey: .cancelRatePermille, in: Self.cancelRateRangePermille, unit: "‰")
        maxChatter = try container.decodeIfPresent(Int.self, forKey: .maxChatter, in: Self.chatterRange)
    }
}
