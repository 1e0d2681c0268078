/// What the haptic scheduler needs from ``HapticSettings``, without the named patterns so
/// it stays bitwise-copyable and can be replaced between two loop periods.
public struct HapticSchedulerSettings: Sendable, Equatable, BitwiseCopyable {
    public var mode: HapticOutputMode
    public var lineAccess: HapticLineAccess
    /// Longest the line may stay on in one go (µs).
    public var maxOnMicros: Int64
    /// Shortest time from an off to the next on (µs), except before the first on step of a
    /// stage's pattern, which waits only until the period after the off (see
    /// ``HapticScheduler``).
    public var minOffMicros: Int64
    /// Largest share of `dutyWindowMicros` the line may be on, per mille (0…1000).
    public var maxDutyPermille: Int
    /// The sliding window duty is measured over (µs).
    public var dutyWindowMicros: Int64
    /// Length of the edge pulse in trigger-edge mode (µs).
    public var triggerWidthMicros: Int64
    /// Real-time playback: the amplitude the loop writes follows the live force.
    public var rtp: HapticRealTimeMapping

    /// Trigger pulse length when none is configured: 1 ms, well above the few µs a DRV2605
    /// IN/TRIG input needs and short enough to be over before any second stage.
    public static let standardTriggerWidthMicros: Int64 = 1_000

    public init(
        mode: HapticOutputMode, lineAccess: HapticLineAccess, maxOnMicros: Int64, minOffMicros: Int64,
        maxDutyPermille: Int, dutyWindowMicros: Int64, triggerWidthMicros: Int64 = standardTriggerWidthMicros,
        rtp: HapticRealTimeMapping = .off
    ) {
        self.rtp = rtp
        self.mode = mode
        self.lineAccess = lineAccess
        self.maxOnMicros = maxOnMicros
        self.minOffMicros = minOffMicros
        self.maxDutyPermille = maxDutyPermille
        self.dutyWindowMicros = dutyWindowMicros
        self.triggerWidthMicros = triggerWidthMicros
    }

    /// The mode and limits of `haptics`; the line is kept off when haptics are disabled and
    /// never touched in a dry run.
    public init(_ haptics: HapticSettings) {
        let access: HapticLineAccess = haptics.dryRun ? .dryRun : haptics.enabled ? .drive : .keepOff
        self.init(
            mode: haptics.mode, lineAccess: access, maxOnMicros: haptics.maxOnMicros,
            minOffMicros: haptics.minOffMicros, maxDutyPermille: haptics.maxDutyPermille,
            dutyWindowMicros: haptics.dutyWindowMicros, triggerWidthMicros: haptics.triggerWidthMicros, rtp: haptics.rtp)
    }

    /// Most on time any duty window may hold (µs).
    var dutyBudgetMicros: Int64 {
        @_noAllocation get { dutyWindowMicros * Int64(maxDutyPermille) / 1000 }
    }
}
