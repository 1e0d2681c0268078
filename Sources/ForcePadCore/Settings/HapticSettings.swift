/// Haptic patterns and the safety limits the scheduler enforces on the actuator line.
public struct HapticSettings: Sendable, Equatable {
    /// Whether the line is driven at all (false: events only, line kept off).
    public var enabled: Bool
    /// Events and timings as if driving, but the line is never touched.
    public var dryRun: Bool
    public var mode: HapticOutputMode
    /// Patterns by name; `peek` and `pop` always exist, `release` is optional.
    public var patterns: [String: HapticPattern]
    /// Longest the line may stay on in one go (µs).
    public var maxOnMicros: Int64
    /// Shortest gap between two on steps (µs).
    public var minOffMicros: Int64
    /// Largest fraction of `dutyWindowMicros` the line may be on, in per mille (0…1000).
    public var maxDutyPermille: Int
    /// Window over which duty is measured (µs).
    public var dutyWindowMicros: Int64
    /// Length of the edge in trigger-edge mode (µs).
    public var triggerWidthMicros: Int64

    public init(
        enabled: Bool, dryRun: Bool, mode: HapticOutputMode, patterns: [String: HapticPattern],
        maxOnMicros: Int64, minOffMicros: Int64, maxDutyPermille: Int, dutyWindowMicros: Int64,
        triggerWidthMicros: Int64
    ) {
        self.enabled = enabled
        self.dryRun = dryRun
        self.mode = mode
        self.patterns = patterns
        self.maxOnMicros = maxOnMicros
        self.minOffMicros = minOffMicros
        self.maxDutyPermille = maxDutyPermille
        self.dutyWindowMicros = dutyWindowMicros
        self.triggerWidthMicros = triggerWidthMicros
    }

    /// Patterns every configuration starts with: peek and pop, and `menu` (the quick-action
    /// menu opening) and `tick` (a slot change in it).
    public static let standardPatterns: [String: HapticPattern] = {
        // Both texts are valid patterns; failing here would be a defect in this file.
        try! [
            "peek": HapticPattern(parsing: "on 15ms"), "pop": HapticPattern(parsing: "on 20ms off 30ms on 20ms"),
            "menu": HapticPattern(parsing: "on 10ms off 20ms on 10ms off 20ms on 10ms"), "tick": HapticPattern(parsing: "on 3ms"),
        ]
    }()

    public static let standard = HapticSettings(
        enabled: true, dryRun: false, mode: .pulse, patterns: standardPatterns,
        maxOnMicros: 100_000, minOffMicros: 10_000, maxDutyPermille: 500, dutyWindowMicros: 1_000_000,
        triggerWidthMicros: 1_000)
}
