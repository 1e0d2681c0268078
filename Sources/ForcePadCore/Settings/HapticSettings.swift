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
    /// Shortest gap between two on steps (µs), except before the first on step of a stage's
    /// pattern (peek, pop, release), which waits only until the period after the off: a stage
    /// is never held back by it (see ``HapticScheduler``).
    public var minOffMicros: Int64
    /// Largest fraction of `dutyWindowMicros` the line may be on, in per mille (0…1000).
    public var maxDutyPermille: Int
    /// Window over which duty is measured (µs).
    public var dutyWindowMicros: Int64
    /// Length of the edge in trigger-edge mode (µs).
    public var triggerWidthMicros: Int64
    /// DRV2605L sequences by stage name (`peek = "effect 24"`), for a board with
    /// `[haptic.driver]`: the driver plays them, and the stage's line pattern is one edge of
    /// ``triggerWidthMicros``.
    public var effects: [String: DRV2605LSequence]
    /// Real-time playback on the board's DRV2605L: the amplitude follows the live force.
    public var rtp: HapticRealTimeMapping
    /// The stages a sequence may be given to: the ones the driver's sequencer is loaded for.
    public static let effectStages: Set<String> = ["peek", "pop", "release"]

    /// The ranges a config (`[haptics]`) or a recording may give: trigger width, maximum on
    /// time, minimum off time and duty window (µs), and the duty (‰ of the window).
    public static let triggerWidthRangeMicros: ClosedRange<Int64> = 10...100_000
    public static let maxOnRangeMicros: ClosedRange<Int64> = 1_000...1_000_000
    public static let minOffRangeMicros: ClosedRange<Int64> = 0...1_000_000
    public static let dutyWindowRangeMicros: ClosedRange<Int64> = 10_000...60_000_000
    public static let maxDutyRangePermille = 1...1000

    public init(
        enabled: Bool, dryRun: Bool, mode: HapticOutputMode, patterns: [String: HapticPattern],
        maxOnMicros: Int64, minOffMicros: Int64, maxDutyPermille: Int, dutyWindowMicros: Int64,
        triggerWidthMicros: Int64, effects: [String: DRV2605LSequence] = [:], rtp: HapticRealTimeMapping = .off
    ) {
        self.rtp = rtp
        self.effects = effects
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
    ///
    /// Peek's pulse is 2 ms so that it has ended, with the line off for a period, before a
    /// pop that comes 3 ms or more after peek: pop's pattern then starts in the frame pop
    /// fired. With the default thresholds, filter and dwell, a sim press ramping to 400 g in
    /// 20 ms has 7 ms between peek and pop, one to 800 g still 3 ms (1 kg: 2 ms). A pop during
    /// peek's pulse starts one period late (see ``HapticScheduler``).
    public static let standardPatterns: [String: HapticPattern] = {
        // Every text is a valid pattern; failing here would be a defect in this file.
        try! [
            "peek": HapticPattern(parsing: "on 2ms"), "pop": HapticPattern(parsing: "on 20ms off 30ms on 20ms"),
            "menu": HapticPattern(parsing: "on 10ms off 20ms on 10ms off 20ms on 10ms"), "tick": HapticPattern(parsing: "on 3ms"),
        ]
    }()

    /// Makes `text` the value of pattern `name`, read as `[haptics.patterns]` and
    /// `haptic pattern` write it: a text that starts with `effect` is a DRV2605L sequence
    /// (``DRV2605LSequence/init(parsing:)``), which the driver plays while the line pattern
    /// becomes one edge of ``triggerWidthMicros``; any other text is an on/off pattern
    /// (``HapticPattern/init(parsing:)``), which drops a sequence the name had. Whether the
    /// result can play (sequences only for stages and on a board with a driver, on steps
    /// within `max_on`) is for ``SettingsRules``.
    /// - Throws: why `text` does not read, blamed on `haptics.patterns.NAME`; nothing changes.
    public mutating func setPattern(_ name: String, text: String) throws(SettingsProblem) {
        let key = "haptics.patterns.\(name)"
        if DRV2605LSequence.isSequenceText(text) {
            do {
                effects[name] = try DRV2605LSequence(parsing: text)
            } catch {
                throw SettingsProblem(key: key, message: error.description)
            }
            patterns[name] = Self.edgePattern(widthMicros: triggerWidthMicros)
        } else {
            do {
                patterns[name] = try HapticPattern(parsing: text)
            } catch {
                throw SettingsProblem(key: key, message: error.message)
            }
            effects[name] = nil
        }
    }

    /// Pattern `name` as `[haptics.patterns]` writes it: its DRV2605L sequence when it has
    /// one, else its on/off pattern; nil when there is no pattern `name`.
    public func patternText(_ name: String) -> String? {
        effects[name]?.description ?? patterns[name]?.description
    }

    /// The line pattern of a stage the driver plays a sequence for: one edge of `widthMicros`
    /// on IN/TRIG.
    public static func edgePattern(widthMicros: Int64) -> HapticPattern {
        // "on" and a duration the config already checked always read as a pattern.
        try! HapticPattern(parsing: "on \(widthMicros)us")
    }

    public static let standard = HapticSettings(
        enabled: true, dryRun: false, mode: .pulse, patterns: standardPatterns,
        maxOnMicros: 100_000, minOffMicros: 10_000, maxDutyPermille: 500, dutyWindowMicros: 1_000_000,
        triggerWidthMicros: 1_000)
}
