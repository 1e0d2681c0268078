import ForcePadCore

/// Reads `preset`, `[thresholds]` and `[presets.NAME]`: the touch, peek and pop forces the
/// controller starts with, and the peek and pop of each preset it can switch to.
struct ThresholdSection {
    /// Touch, peek and pop as set by the file or by a preset, with their names for messages.
    typealias Levels = (touch: NamedForce, peek: NamedForce, pop: NamedForce)

    let thresholds: Thresholds
    /// The preset the thresholds came from, or nil when peek or pop were given by number.
    let preset: ThresholdPreset?
    let presetForces: [ThresholdPreset: (peek: Force, pop: Force)]
    /// Every set of thresholds the controller may run with: the numbers given (if any),
    /// then each preset. Later checks (hysteresis, maximum force) apply to all of them.
    let candidates: [Levels]

    /// `preset` is the value of the top-level `preset` key.
    static func read(
        preset: ThresholdPreset?, thresholds table: TableReader?, presets presetsTable: TableReader?,
        document: ConfigDocument
    ) throws(ConfigError) -> ThresholdSection {
        let standard = ControllerSettings.standard.thresholds
        let thresholdsPath = ConfigKeyPath("thresholds")
        let touchForce = try table?.force("touch")
        let peekForce = try table?.force("peek")
        let popForce = try table?.force("pop")
        try table?.finish()

        let touch = NamedForce(
            force: touchForce ?? standard.touch, label: "thresholds.touch", shortName: "touch",
            path: thresholdsPath.key("touch"), isWritten: touchForce != nil)
        guard touch.force > .zero else {
            throw document.error("\(touch.force) must be above 0g; give a small force such as \"20g\"", at: touch.path)
        }

        var presetForces: [ThresholdPreset: (peek: Force, pop: Force)] = [:]
        var allPresets: [Levels] = []
        for name in ThresholdPreset.allCases {
            let levels = try readPreset(name, from: presetsTable, touch: touch, document: document)
            try NamedForce.requireOrder(levels.touch, levels.peek, document: document)
            try NamedForce.requireOrder(levels.peek, levels.pop, document: document)
            presetForces[name] = (levels.peek.force, levels.pop.force)
            allPresets.append(levels)
        }
        try presetsTable?.finish()

        if let preset, peekForce != nil || popForce != nil {
            let given = peekForce != nil ? "thresholds.peek" : "thresholds.pop"
            throw document.error(
                "\"\(preset.rawValue)\" cannot be combined with \(given); give either preset or peek/pop",
                at: ConfigKeyPath("preset"))
        }
        guard peekForce != nil || popForce != nil else {
            let chosen = preset ?? .medium
            let forces = presetForces[chosen] ?? chosen.defaultForces
            return ThresholdSection(
                thresholds: Thresholds(touch: touch.force, peek: forces.peek, pop: forces.pop),
                preset: chosen, presetForces: presetForces, candidates: allPresets)
        }

        let medium = try readPreset(.medium, from: presetsTable, touch: touch, document: document)
        let peek = peekForce.map {
            NamedForce(force: $0, label: "thresholds.peek", shortName: "peek", path: thresholdsPath.key("peek"), isWritten: true)
        } ?? medium.peek
        let pop = popForce.map {
            NamedForce(force: $0, label: "thresholds.pop", shortName: "pop", path: thresholdsPath.key("pop"), isWritten: true)
        } ?? medium.pop
        try NamedForce.requireOrder(touch, peek, document: document)
        try NamedForce.requireOrder(peek, pop, document: document)
        return ThresholdSection(
            thresholds: Thresholds(touch: touch.force, peek: peek.force, pop: pop.force),
            preset: nil, presetForces: presetForces, candidates: [(touch, peek, pop)] + allPresets)
    }

    /// `[presets.NAME]`: peek and pop overriding the preset's defaults.
    private static func readPreset(
        _ preset: ThresholdPreset, from presetsTable: TableReader?, touch: NamedForce, document: ConfigDocument
    ) throws(ConfigError) -> Levels {
        let table = try presetsTable?.table(preset.rawValue)
        let peek = try table?.force("peek")
        let pop = try table?.force("pop")
        try table?.finish()
        let defaults = preset.defaultForces
        let path = ConfigKeyPath("presets", .key(preset.rawValue))
        let label = "the \(preset.rawValue) preset's"
        return (
            touch,
            NamedForce(force: peek ?? defaults.peek, label: "\(label) peek", shortName: "peek", path: path.key("peek"), isWritten: peek != nil),
            NamedForce(force: pop ?? defaults.pop, label: "\(label) pop", shortName: "pop", path: path.key("pop"), isWritten: pop != nil)
        )
    }
}
