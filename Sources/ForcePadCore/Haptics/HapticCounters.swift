/// Running totals of what the haptic scheduler played and what its safety limits refused.
public struct HapticCounters: Sendable, Equatable, BitwiseCopyable {
    /// On steps started (in the trigger modes, one per stage).
    public var pulses: UInt64 = 0
    /// On steps ended early because they reached `maxOnMicros`.
    public var cutByMaxOn: UInt64 = 0
    /// On steps started late to keep `minOffMicros` after the previous off.
    public var delayedByMinOff: UInt64 = 0
    /// On steps shortened or skipped because the duty limit had been reached.
    public var refusedByDuty: UInt64 = 0
    /// Patterns interrupted by a newer trigger before they finished.
    public var replaced: UInt64 = 0

    public init() {}
}
