import ForcePadCore
import TOMLKit

/// Reads `[haptics]` and `[haptics.patterns]`: whether and how the actuator line is driven,
/// its safety limits, and the named on/off patterns.
enum HapticsSection {
    static func read(_ table: TableReader?) throws(ConfigError) -> HapticSettings {
        let standard = HapticSettings.standard
        guard let table else { return standard }
        let enabled = try table.bool("enabled") ?? standard.enabled
        let dryRun = try table.bool("dry_run") ?? standard.dryRun
        let triggerWidth = try table.durationMicros("trigger_width", range: 10...100_000) ?? standard.triggerWidthMicros
        let mode: HapticOutputMode = try table.choice("mode", noun: "haptic mode") ?? standard.mode
        let maxOn = try table.durationMicros("max_on", range: 1_000...1_000_000) ?? standard.maxOnMicros
        let minOff = try table.durationMicros("min_off", range: 0...1_000_000) ?? standard.minOffMicros
        let dutyPermille = try readDuty(table) ?? standard.maxDutyPermille
        let dutyWindow = try table.durationMicros("duty_window", range: 10_000...60_000_000) ?? standard.dutyWindowMicros
        let patternsTable = try table.table("patterns")
        try table.finish()

        var patterns = standard.patterns
        var written: Set<String> = []
        if let patternsTable {
            for (name, value) in patternsTable.entries() {
                let pattern = try readPattern(name, value, table: patternsTable)
                guard pattern.longestOnMicros <= maxOn else {
                    throw patternsTable.error(
                        name, "longest on step (\(QuantityText.duration(pattern.longestOnMicros))) is above haptics.max_on (\(QuantityText.duration(maxOn))); shorten the step or raise max_on")
                }
                patterns[name] = pattern
                written.insert(name)
            }
        }
        for name in patterns.keys.sorted() where !written.contains(name) {
            let longest = patterns[name]?.longestOnMicros ?? 0
            guard longest <= maxOn else {
                throw table.error(
                    "max_on", "\(QuantityText.duration(maxOn)) is shorter than the \(name) pattern's longest on step (\(QuantityText.duration(longest))); raise max_on or give haptics.patterns.\(name) shorter on steps")
            }
        }
        let names = Set(patterns.keys).union(["peek", "pop", "release"])
        guard names.count <= HapticPatternBank.capacity else {
            throw table.error(
                "patterns", "\(names.count) patterns with peek, pop and release; at most \(HapticPatternBank.capacity); remove \(names.count - HapticPatternBank.capacity)")
        }
        return HapticSettings(
            enabled: enabled, dryRun: dryRun, mode: mode, patterns: patterns, maxOnMicros: maxOn, minOffMicros: minOff,
            maxDutyPermille: dutyPermille, dutyWindowMicros: dutyWindow, triggerWidthMicros: triggerWidth)
    }

    /// `max_duty`, a fraction in (0, 1], as per mille.
    private static func readDuty(_ table: TableReader) throws(ConfigError) -> Int? {
        guard let fraction = try table.number("max_duty", expected: "a fraction of the time such as 0.5") else { return nil }
        let permille = (fraction * 1000).rounded()
        guard fraction.isFinite, permille >= 1, permille <= 1000 else {
            throw table.error("max_duty", "\(fraction) is out of range; allowed: 0.001…1 (the share of duty_window the line may be on)")
        }
        return Int(permille)
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
