import ForcePadCore

/// Reads `[haptics]` and `[haptics.patterns]`: whether and how the actuator line is driven,
/// its safety limits, and the named patterns (on/off, or DRV2605L sequences for the stages).
/// Patterns within the limits, and sequences against the board's driver, are checked
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

        var settings = HapticSettings(
            enabled: enabled, dryRun: dryRun, mode: mode, patterns: standard.patterns, maxOnMicros: maxOn, minOffMicros: minOff,
            maxDutyPermille: dutyPermille, dutyWindowMicros: dutyWindow, triggerWidthMicros: triggerWidth, rtp: rtp)
        var written: Set<String> = []
        if let patternsTable {
            for (name, value) in patternsTable.entries() {
                try readPattern(name, value, into: &settings, table: patternsTable)
                written.insert("haptics.patterns.\(name)")
            }
        }
        if table.has("max_on") { written.insert("haptics.max_on") }
        if table.has("rtp") { written.insert("haptics.rtp") }
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

    /// Pattern `name`: a DRV2605L sequence or an on/off pattern, read by
    /// ``HapticSettings/setPattern(_:text:)``, as the shell reads it. The name of an on/off
    /// pattern may use only lowercase letters, digits and `-`; a sequence's name is left to
    /// ``SettingsRules`` (only the stages take one).
    private static func readPattern(
        _ name: String, _ value: TOMLValue, into settings: inout HapticSettings, table: TableReader
    ) throws(ConfigError) {
        let isSequence = value.string.map(DRV2605LSequence.isSequenceText) ?? false
        let validName = !name.isEmpty && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        guard validName || isSequence else {
            throw table.error(name, "pattern name \(QuotedValue.quoted(name)) may use only lowercase letters, digits and '-' (e.g. \"double-tap\")")
        }
        guard let text = value.string else {
            throw table.error(name, TableReader.mismatch(expected: "a pattern such as \"on 20ms off 30ms on 20ms\"", found: value))
        }
        do {
            try settings.setPattern(name, text: text)
        } catch {
            throw table.error(name, error.message)
        }
    }
}
