import ForcePadCore

/// The haptic settings a recording was made with, as `recording.json` keeps them: how the
/// line was driven, each pattern as written, and the safety limits. Times in µs.
public struct RecordedHaptics: Codable, Equatable, Sendable {
    /// `pulse`, `trigger-edge` or `trigger-level`.
    public var mode: String
    /// `driven`, `not driven` (haptics off) or `dry-run`.
    public var line: String
    /// Pattern text by name (`on 2ms`), a stage's DRV2605L sequence as written (`effect 24`).
    public var patterns: [String: String]
    /// The board's DRV2605L (`DRV2605L at 0x5a (simulated), LRA (LRA library), trigger
    /// gpio-edge`); nil without one, and in recordings made before drivers were described.
    public var driver: String?
    public var maxOnMicros: Int64
    public var minOffMicros: Int64
    public var maxDutyPermille: Int
    public var dutyWindowMicros: Int64
    public var triggerWidthMicros: Int64

    enum CodingKeys: String, CodingKey {
        case mode, line, patterns, driver, maxOnMicros = "max_on_us", minOffMicros = "min_off_us", maxDutyPermille = "max_duty_permille"
        case dutyWindowMicros = "duty_window_us", triggerWidthMicros = "trigger_width_us"
    }

    public init(
        mode: String, line: String, patterns: [String: String], driver: String?, maxOnMicros: Int64, minOffMicros: Int64,
        maxDutyPermille: Int, dutyWindowMicros: Int64, triggerWidthMicros: Int64
    ) {
        self.mode = mode
        self.line = line
        self.patterns = patterns
        self.driver = driver
        self.maxOnMicros = maxOnMicros
        self.minOffMicros = minOffMicros
        self.maxDutyPermille = maxDutyPermille
        self.dutyWindowMicros = dutyWindowMicros
        self.triggerWidthMicros = triggerWidthMicros
    }

    /// Reads the settings, each limit within the range a config file may give (``HapticSettings``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = try container.decode(String.self, forKey: .mode)
        line = try container.decode(String.self, forKey: .line)
        patterns = try container.decode([String: String].self, forKey: .patterns)
        driver = try container.decodeIfPresent(String.self, forKey: .driver)
        maxOnMicros = try container.decode(Int64.self, forKey: .maxOnMicros, in: HapticSettings.maxOnRangeMicros, unit: " µs")
        minOffMicros = try container.decode(Int64.self, forKey: .minOffMicros, in: HapticSettings.minOffRangeMicros, unit: " µs")
        maxDutyPermille = try container.decode(Int.self, forKey: .maxDutyPermille, in: HapticSettings.maxDutyRangePermille, unit: "‰")
        dutyWindowMicros = try container.decode(Int64.self, forKey: .dutyWindowMicros, in: HapticSettings.dutyWindowRangeMicros, unit: " µs")
        triggerWidthMicros = try container.decode(
            Int64.self, forKey: .triggerWidthMicros, in: HapticSettings.triggerWidthRangeMicros, unit: " µs")
    }
}
