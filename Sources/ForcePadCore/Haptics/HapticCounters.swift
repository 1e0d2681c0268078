/// Running totals of what the haptic scheduler played and what its safety limits refused.
public struct HapticCounters: Sendable, Equatable, BitwiseCopyable {
    /// On steps started (in the trigger modes, one per stage).
    public var pulses: UInt64 = 0
    /// On steps ended early because they reached `maxOnMicros`.
    public var cutByMaxOn: UInt64 = 0
    /// On steps started late to keep `minOffMicros` after the previous off: the later steps
    /// of any pattern, and the first step of a pattern that is not a stage's (`haptic test`
    /// of a pattern in quotes, the quick-action menu's). A stage's first step never waits
    /// for `minOffMicros`.
    public var delayedByMinOff: UInt64 = 0
    /// Stage patterns (peek, pop, release) whose first on step started one period after the
    /// stage fired: the line was on in the period before the stage (another pattern's on
    /// step), so it went off in the stage's period and came on in the next. Never later.
    public var stagesDelayedOnePeriod: UInt64 = 0
    /// On steps shortened or skipped because the duty limit had been reached.
    public var refusedByDuty: UInt64 = 0
    /// Patterns interrupted by a newer trigger before they finished.
    public var replaced: UInt64 = 0

    public init() {}
}
