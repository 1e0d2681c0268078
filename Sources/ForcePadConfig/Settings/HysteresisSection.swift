import ForcePadCore

/// Reads `[hysteresis]`: the release band below each threshold and the dwell time. Their
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
        try table?.finish()
        var written: Set<String> = []
        for (key, given) in [("touch", touch != nil), ("peek", peek != nil), ("pop", pop != nil), ("dwell", dwell != nil)] where given {
            written.insert("hysteresis.\(key)")
        }
        let hysteresis = Hysteresis(
            touch: touch ?? standard.touch, peek: peek ?? standard.peek, pop: pop ?? standard.pop,
            dwellMicros: dwell ?? standard.dwellMicros)
        return (hysteresis, written)
    }
}
