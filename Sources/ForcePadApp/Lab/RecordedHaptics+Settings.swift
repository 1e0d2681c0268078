import ForcePadCore
import ForcePadLabFiles

extension RecordedHaptics {
    /// The haptic settings in force, and the board's DRV2605L if it has one, as a recording keeps them.
    init(_ haptics: HapticSettings, driver: HapticDriverDescription? = nil) {
        self.init(
            mode: haptics.mode.rawValue, line: haptics.dryRun ? "dry-run" : haptics.enabled ? "driven" : "not driven",
            patterns: haptics.patterns.mapValues(\.description).merging(haptics.effects.mapValues(\.description)) { _, effect in effect },
            driver: driver.map { HapticDriverReport(description: $0, calibrationSaved: false, lastError: nil).settingsText },
            maxOnMicros: haptics.maxOnMicros, minOffMicros: haptics.minOffMicros, maxDutyPermille: haptics.maxDutyPermille,
            dutyWindowMicros: haptics.dutyWindowMicros, triggerWidthMicros: haptics.triggerWidthMicros)
    }
}
