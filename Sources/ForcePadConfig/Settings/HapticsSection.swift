import ForcePadCore
import TOMLKit

/// Reads `[haptics]` and `[haptics.patterns]`: whether and how the actuator line is driven,
/// its safety limits, and the named on/off patterns. Patterns within the limits are checked
/// with every other rule by ``SettingsRules``.
enum HapticsSection {
    /// The settings, and the keys the file wrote that ``SettingsRules`` may blame.
    static func read(_ table: TableReader?) throws(ConfigError) -> (HapticSettings, written: Set<String>) {
        let standard = HapticSettings.standard
        guard let table else { return (standard, []) }
        let enabled = try table.bool("enabled") ?? standard.enabled
        let dryRun = try table.bool("dry_run") ?? standard.dryRun
        let triggerWidth = try table.durationMicros("trigger_width", range: HapticSettings.triggerWidthRangeMicros) ?? standard.triggerWidthMicros
        let mode: HapticOutputMode = try table.choice("mode", noun: "haptic mode") ?? standard.mode
        let maxOn = try table.durationMicros("max_on", range: HapticSettings.maxOnRangeMicros) ?? standard.maxOnMicros
        let minOff = try table.durationMicros("min_off", range: HapticSettings.minOffRangeMicros) ?? standard.minOffMicros
        let dutyPermille = try readDuty(table) ?? standard.maxDutyPermille
        let dutyWindow = try table.durationMicros("duty_window", range: HapticSettings.dutyWindowRangeMicros) ?? standard.dutyWindowMicros
        let rtp: HapticRealTimeMapping = try table.choice("rtp", noun: "real-time playback mapping") ?? .off
        let patternsTable = try table.table("patterns")
        try table.finish()

        var patterns = standard.patterns
        var effects: [String: DRV2605LSequence] = [:]
        var written: Set<String> = []
        if let patternsTable {
            for (name, value) in patternsTable.entries() {
                if let text = value.string, DRV2605LSequence.isSequenceText(text) {
                    effects[name] = try readSequence(name, text, table: patternsTable)
                    patterns[name] = HapticSettings.edgePattern(widthMicros: triggerWidth)
                } else {
                    patterns[name] = try readPattern(name, value, table: patternsTable)
                }
                written.insert("haptics.patterns.\(name)")
            }
        }
        if table.has("max_on") { written.insert("haptics.max_on") }
        if table.has("rtp") { written.insert("haptics.rtp") }
        let settings = HapticSettings(
            enabled: enabled, dryRun: dryRun, mode: mode, patterns: patterns, maxOnMicros: maxOn, minOffMicros: minOff,
            maxDutyPermille: dutyPermille, dutyWindowMicros: dutyWindow, triggerWidthMicros: triggerWidth, effects: effects, rtp: rtp)
        return (settings, written)
    }

    /// `max_duty`, a fraction in (0, 1], as per mille.
    private static func readDuty(_ table: TableReader) throws(ConfigError) -> Int? {
        guard let fraction = try table.number("max_duty", expected: "a fraction of the time such as 0.5") else { return nil }
        let permille = (fraction * 1000).rounded()
        guard fraction.isFinite, permille >= Double(HapticSettings.maxDutyRangePermille.lowerBound),
            permille <= Double(HapticSettings.maxDutyRangePermille.upperBound) else {
            throw table.error("max_duty", "\(fraction) is out of range; allowed: 0.001…1 (the share of duty_window the line may be on)")
        }
        return Int(permille)
    }

    /// A stage's DRV2605L sequence (`effect 1 then wait 50ms then effect 1`).
    private static func readSequence(_ name: String, _ text: String, table: TableReader) throws(ConfigError) -> DRV2605LSequence {
        do {
            return try DRV2605LSequence(parsing: text)
        } catch {
            throw table.error(name, error.description)
        }
    }

    private static func readPattern(_ name: String, _ value: TOMLValueConvertible, table: TableReader) throws(ConfigError) -> HapticPattern {
        let validName = !name.isEmpty && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        guard validName else {
            throw table.error(name, "pattern name '\(name)' may use only lowercase letters, digits and '-' (e.g. \"double-tap\")")
        }
        guard let text = value.string else {
            throw table.error(name, TableReader.mismatch(expected: "a pattern such as \"on 20ms off 30ms on 20ms\"", found: value.type))
        }
        do {
            return try HapticPattern(parsing: text)
        } catch {
            throw table.error(name, error.message)
        }
    }
}
