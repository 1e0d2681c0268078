import ForcePadCore

/// Reads `preset`, `[thresholds]` and `[presets.NAME]`: the touch, peek and pop forces the
/// controller starts with, and the peek and pop of each preset it can switch to. Their order
/// is checked with every other rule by ``SettingsRules``.
struct ThresholdSection {
    let thresholds: Thresholds
    /// The preset the thresholds came from, or nil when peek or pop were given by number.
    let preset: ThresholdPreset?
    let presetForces: [ThresholdPreset: (peek: Force, pop: Force)]
    /// The keys the file wrote.
    let written: Set<String>
    /// Peek or pop left out next to the other: taken from the medium preset.
    let standIns: [String: SettingsStandIn]

    /// `preset` is the value of the top-level `preset` key.
    static func read(
        preset: ThresholdPreset?, thresholds table: TableReader?, presets presetsTable: TableReader?,
        document: ConfigDocument
    ) throws(ConfigError) -> ThresholdSection {
        let standard = ControllerSettings.standard.thresholds
        let touch = try table?.force("touch")
        let peek = try table?.force("peek")
        let pop = try table?.force("pop")
        try table?.finish()
        var written: Set<String> = []
        for (key, value) in [("touch", touch), ("peek", peek), ("pop", pop)] where value != nil {
            written.insert("thresholds.\(key)")
        }

        var presetForces: [ThresholdPreset: (peek: Force, pop: Force)] = [:]
        for name in ThresholdPreset.allCases {
            let presetTable = try presetsTable?.table(name.rawValue)
            let presetPeek = try presetTable?.force("peek")
            let presetPop = try presetTable?.force("pop")
            try presetTable?.finish()
            let defaults = name.defaultForces
            presetForces[name] = (presetPeek ?? defaults.peek, presetPop ?? defaults.pop)
            if presetPeek != nil { written.insert("presets.\(name.rawValue).peek") }
            if presetPop != nil { written.insert("presets.\(name.rawValue).pop") }
        }
        try presetsTable?.finish()

        if let preset, peek != nil || pop != nil {
            let given = peek != nil ? "thresholds.peek" : "thresholds.pop"
            throw document.error(
                "\"\(preset.rawValue)\" cannot be combined with \(given); give either preset or peek/pop",
                at: ConfigKeyPath("preset"))
        }
        let touchForce = touch ?? standard.touch
        guard peek != nil || pop != nil else {
            let chosen = preset ?? .medium
            let forces = presetForces[chosen] ?? chosen.defaultForces
            return ThresholdSection(
                thresholds: Thresholds(touch: touchForce, peek: forces.peek, pop: forces.pop),
                preset: chosen, presetForces: presetForces, written: written, standIns: [:])
        }
        let medium = presetForces[.medium] ?? ThresholdPreset.medium.defaultForces
        var standIns: [String: SettingsStandIn] = [:]
        for (stage, given) in [("peek", peek), ("pop", pop)] where given == nil {
            standIns["thresholds.\(stage)"] = SettingsStandIn(label: "the medium preset's \(stage)", key: "presets.medium.\(stage)")
        }
        return ThresholdSection(
            thresholds: Thresholds(touch: touchForce, peek: peek ?? medium.peek, pop: pop ?? medium.pop),
            preset: nil, presetForces: presetForces, written: written, standIns: standIns)
    }
}
