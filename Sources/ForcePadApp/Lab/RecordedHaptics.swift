import ForcePadCore

/// The haptic settings a recording was made with, as `recording.json` keeps them: how the
/// line was driven, each pattern as written, and the safety limits. Times in µs.
struct RecordedHaptics: Codable, Equatable {
    /// `pulse`, `trigger-edge` or `trigger-level`.
    var mode: String
    /// `driven`, `not driven` (haptics off) or `dry-run`.
    var line: String
    /// Pattern text by name (`on 2ms`).
    var patterns: [String: String]
    var maxOnMicros: Int64
    var minOffMicros: Int64
    var maxDutyPermille: Int
    var dutyWindowMicros: Int64
    var triggerWidthMicros: Int64

    enum CodingKeys: String, CodingKey {
        case mode, line, patterns, maxOnMicros = "max_on_us", minOffMicros = "min_off_us", maxDutyPermille = "max_duty_permille"
        case dutyWindowMicros = "duty_window_us", triggerWidthMicros = "trigger_width_us"
    }

    init(_ haptics: HapticSettings) {
        mode = haptics.mode.rawValue
        line = haptics.dryRun ? "dry-run" : haptics.enabled ? "driven" : "not driven"
        patterns = haptics.patterns.mapValues(\.description)
        maxOnMicros = haptics.maxOnMicros
        minOffMicros = haptics.minOffMicros
        maxDutyPermille = haptics.maxDutyPermille
        dutyWindowMicros = haptics.dutyWindowMicros
        triggerWidthMicros = haptics.triggerWidthMicros
    }
}
