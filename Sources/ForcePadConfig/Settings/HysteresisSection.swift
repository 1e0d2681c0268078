import ForcePadCore

/// Reads `[hysteresis]`: the release band below each threshold and the dwell times. Their
/// ranges, and bands narrower than the gaps below their thresholds, are checked with every
/// other rule by ``SettingsRules``.
enum HysteresisSection {
    /// The bands and dwell, and the keys the file wrote.
    static func read(_ table: TableReader?) throws(ConfigError) -> (Hysteresis, written: Set<String>) {
        let standard = Hysteresis.standard
        let touch = try table?.force("touch")
        let peek = try table?.force("peek")
        let pop = try table?.force("pop")
        let dwell = try table?.durationMicros("dwell")
        let touchDwell = try table?.durationMicros("touch_dwell")
        try table?.finish()
        var written: Set<String> = []
        let keys = [("touch", touch != nil), ("peek", peek != nil), ("pop", pop != nil), ("dwell", dwell != nil), ("touch_dwell", touchDwell != nil)]
        for (key, given) in keys where given {
            written.insert("hysteresis.\(key)")
        }
        let hysteresis = Hysteresis(
            touch: touch ?? standard.touch, peek: peek ?? standard.peek, pop: pop ?? standard.pop,
            dwellMicros: dwell ?? standard.dwellMicros, touchDwellMicros: touchDwell ?? standard.touchDwellMicros)
        return (hysteresis, written)
    }
}
