import ForcePadCore

/// The haptic settings a recording was made with, as `recording.json` keeps them: how the
/// line was driven, each pattern as written, and the safety limits. Times in µs.
struct RecordedHaptics: Codable, Equatable {
    /// `pulse`, `trigger-edge` or `trigger-level`.
    var mode: String
    /// `driven`, `not driven` (haptics off) or `dry-run`.
    var line: String
    /// Pattern text by name (`on 2ms`), a stage's DRV2605L sequence as written (`effect 24`).
    var patterns: [String: String]
    /// The board's DRV2605L (`DRV2605L at 0x5a (simulated), LRA (LRA library), trigger
    /// gpio-edge`); nil without one, and in recordings made before drivers were described.
    var driver: String?
    var maxOnMicros: Int64
    var minOffMicros: Int64
    var maxDutyPermille: Int
    var dutyWindowMicros: Int64
    var triggerWidthMicros: Int64

    enum CodingKeys: String, CodingKey {
        case mode, line, patterns, driver, maxOnMicros = "max_on_us", minOffMicros = "min_off_us", maxDutyPermille = "max_duty_permille"
        case dutyWindowMicros = "duty_window_us", triggerWidthMicros = "trigger_width_us"
    }

    init(_ haptics: HapticSettings, driver: HapticDriverDescription? = nil) {
        mode = haptics.mode.rawValue
        line = haptics.dryRun ? "dry-run" : haptics.enabled ? "driven" : "not driven"
        patterns = haptics.patterns.mapValues(\.description).merging(haptics.effects.mapValues(\.description)) { _, effect in effect }
        self.driver = driver.map { HapticDriverReport(description: $0, calibrationSaved: false, lastError: nil).settingsText }
        maxOnMicros = haptics.maxOnMicros
        minOffMicros = haptics.minOffMicros
        maxDutyPermille = haptics.maxDutyPermille
        dutyWindowMicros = haptics.dutyWindowMicros
        triggerWidthMicros = haptics.triggerWidthMicros
    }
}
