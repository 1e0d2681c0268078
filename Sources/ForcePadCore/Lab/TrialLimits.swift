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
    /// The fewest presses a verdict may judge once the presses a disturbance touched are left
    /// out (``PressScreening``); nil: ``defaultJudgedPressesMin(of:)``. Not a limit of its own:
    /// too few judged presses make the trial INCOMPLETE.
    public var judgedPressesMin: Int?

    public init(
        peek: StageLimits = StageLimits(), pop: StageLimits = StageLimits(), cancelRatePermille: Int? = nil, maxChatter: Int? = nil,
        judgedPressesMin: Int? = nil
    ) {
        self.peek = peek
        self.pop = pop
        self.cancelRatePermille = cancelRatePermille
        self.maxChatter = maxChatter
        self.judgedPressesMin = judgedPressesMin
    }

    /// Cancel rates a config or a recording may set (‰).
    public static let cancelRateRangePermille = 0...1000
    /// Chatter limits a config or a recording may set.
    public static let chatterRange = 0...1_000_000
    /// Judged-press minimums a config or a recording may set.
    public static let judgedPressesRange = 1...1_000_000

    /// The fewest judged presses when `[trials] judged_presses_min` is not set: three
    /// quarters of `presses` (those requested, or those recorded), rounded up.
    public static func defaultJudgedPressesMin(of presses: Int) -> Int { (max(presses, 0) * 3 + 3) / 4 }

    /// The fewest presses a verdict on `presses` may judge.
    public func judgedPressesMin(of presses: Int) -> Int { judgedPressesMin ?? Self.defaultJudgedPressesMin(of: presses) }

    /// No limits: trials report statistics without a verdict.
    public static let none = TrialLimits()

    /// Whether any limit is set (``judgedPressesMin`` is not a limit).
    public var isEmpty: Bool { peek.isEmpty && pop.isEmpty && cancelRatePermille == nil && maxChatter == nil }

    /// The limits of `stage`.
    public func limits(of stage: PressStage) -> StageLimits { stage == .pop ? pop : peek }

    enum CodingKeys: String, CodingKey {
        case peek, pop, cancelRatePermille = "cancel_rate_permille", maxChatter = "chatter", judgedPressesMin = "judged_presses_min"
    }

    /// Reads stored limits, each refused outside the range a config may set.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        peek = try container.decode(StageLimits.self, forKey: .peek)
        pop = try container.decode(StageLimits.self, forKey: .pop)
        cancelRatePermille = try container.decodeIfPresent(Int.self, forKey: .cancelRatePermille, in: Self.cancelRateRangePermille, unit: "‰")
        maxChatter = try container.decodeIfPresent(Int.self, forKey: .maxChatter, in: Self.chatterRange)
        judgedPressesMin = try container.decodeIfPresent(Int.self, forKey: .judgedPressesMin, in: Self.judgedPressesRange)
    }
}
