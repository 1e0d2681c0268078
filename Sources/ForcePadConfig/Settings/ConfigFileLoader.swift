import ForcePadCore

/// Loads `forcepad.toml`: thresholds, presets, hysteresis, force scale, filter, baseline, haptics,
/// static shortcuts, log level, trial limits, sensor faults and the MQTT broker. Every section is optional; what
/// the file leaves out keeps the value of ``ControllerSettings/standard``.
public enum ConfigFileLoader {
    /// Reads and checks the config file at `path` for a board sampling at `sampleRateHz`
    /// (nil: no board yet, so its filter ceiling is not checked); errors name `path` as the file.
    public static func load(path: String, sampleRateHz: Int? = nil) throws(ConfigError) -> ControllerSettings {
        try parse(text: TextFileReader.read(path: path), file: path, sampleRateHz: sampleRateHz)
    }

    /// Parses and checks config-file text; `file` is the name errors give. Every rule beyond a
    /// key's type is ``SettingsRules``'s; its first problem is placed on its key's line.
    public static func parse(text: String, file: String, sampleRateHz: Int? = nil) throws(ConfigError) -> ControllerSettings {
        try parse(layers: [ConfigLayer(file: file, text: text)], sampleRateHz: sampleRateHz)
    }

    /// Parses config files layered lowest first (the lab's, then the user's): each key comes
    /// from the top file that writes it (see ``ConfigDocument``), and the result is checked
    /// as a whole; a problem is placed in the file and on the line that wrote the key.
    public static func parse(layers: [ConfigLayer], sampleRateHz: Int? = nil) throws(ConfigError) -> ControllerSettings {
        try parse(document: ConfigDocument(layers: layers), sampleRateHz: sampleRateHz)
    }

    static func parse(
        document: ConfigDocument, sampleRateHz: Int?, hapticDriver: HapticDriverDescription? = nil
    ) throws(ConfigError) -> ControllerSettings {
        let root = document.rootReader()
        let preset: ThresholdPreset? = try root.choice("preset", noun: "preset")
        let thresholdsTable = try root.table("thresholds")
        let presetsTable = try root.table("presets")
        let hysteresisTable = try root.table("hysteresis")
        let pressTable = try root.table("press")
        let forceTable = try root.table("force")
        let filterTable = try root.table("filter")
        let baselineTable = try root.table("baseline")
        let hapticsTable = try root.table("haptics")
        let shortcutTables = try root.tables("shortcuts")
        let quickActionsTable = try root.table("quick_actions")
        let logTable = try root.table("log")
        let trialsTable = try root.table("trials")
        let faultsTable = try root.table("faults")
        let mqttTable = try root.table("mqtt")
        try root.finish()

        let standard = ControllerSettings.standard
        let thresholds = try ThresholdSection.read(
            preset: preset, thresholds: thresholdsTable, presets: presetsTable, document: document)
        let (forceScale, forceWritten) = try readForceScale(forceTable)
        let (hysteresis, hysteresisWritten) = try HysteresisSection.read(hysteresisTable)
        let filter = try readFilter(filterTable)
        let press = try readPress(pressTable)
        let baseline = try readBaseline(baselineTable)
        let (haptics, hapticsWritten) = try HapticsSection.read(hapticsTable)
        let shortcuts = try ShortcutsSection.read(shortcutTables ?? [])
        let quickActions = try readQuickActions(quickActionsTable)
        let logLevel = try logTable?.oneOf("level", ControllerSettings.logLevels, noun: "log level") ?? standard.logLevel
        try logTable?.finish()
        var settings = ControllerSettings(
            thresholds: thresholds.thresholds, preset: thresholds.preset, presetForces: thresholds.presetForces,
            hysteresis: hysteresis, press: press, forceScale: forceScale, filter: filter, baseline: baseline, haptics: haptics,
            shortcuts: shortcuts, quickActions: quickActions, logLevel: logLevel)
        settings.trialLimits = try TrialsSection.read(trialsTable)
        settings.faults = try FaultsSection.read(faultsTable)
        settings.mqtt = try MqttSection.read(mqttTable)
        let written = thresholds.written.union(forceWritten).union(hysteresisWritten).union(hapticsWritten)
        let problems = SettingsRules.problems(
            settings, sampleRateHz: sampleRateHz, hapticDriver: hapticDriver, written: written, standIns: thresholds.standIns)
        if let problem = problems.first {
            throw document.error(problem.message, at: ConfigKeyPath(dotted: problem.key))
        }
        return settings
    }

    /// `[force]`: average touch and maximum, and the keys the file wrote.
    private static func readForceScale(_ table: TableReader?) throws(ConfigError) -> (ForceScale, written: Set<String>) {
        let standard = ForceScale.phone
        let average = try table?.force("average_touch")
        let maximum = try table?.force("maximum")
        try table?.finish()
        var written: Set<String> = []
        if average != nil { written.insert("force.average_touch") }
        if maximum != nil { written.insert("force.maximum") }
        return (ForceScale(averageTouch: average ?? standard.averageTouch, maximum: maximum ?? standard.maximum), written)
    }

    /// `[filter]`: kind, cut-off and spike rejection; the one-euro filter's β (Hz per g/s, a
    /// number) and speed cut-off.
    private static func readFilter(_ table: TableReader?) throws(ConfigError) -> FilterSettings {
        let standard = FilterSettings.standard
        guard let table else { return standard }
        let kind: FilterKind = try table.choice("kind", noun: "filter kind") ?? standard.kind
        let cutoff = try table.frequencyMilliHertz("cutoff") ?? standard.cutoffMilliHertz
        let spikeRejection = try table.bool("spike_rejection") ?? standard.spikeRejection
        let beta = try table.number("beta", expected: "a number of Hz per g/s (e.g. 0.2)").map { Int64(($0 * 1000).rounded()) }
        let speedCutoff = try table.frequencyMilliHertz("speed_cutoff")
        try table.finish()
        return FilterSettings(
            kind: kind, cutoffMilliHertz: cutoff, spikeRejection: spikeRejection,
            betaMilliHertzPerGramPerSecond: beta ?? standard.betaMilliHertzPerGramPerSecond,
            speedCutoffMilliHertz: speedCutoff ?? standard.speedCutoffMilliHertz)
    }

    /// `[baseline]`: drift tracking time constant (0 = off, else 1 s…10 min), tare duration
    /// (10 ms…5 s) and the tare's spread limit (1…65535 counts).
    private static func readBaseline(_ table: TableReader?) throws(ConfigError) -> BaselineSettings {
        let standard = BaselineSettings.standard
        guard let table else { return standard }
        let tracking = try table.durationMicros("tracking", range: 0...600_000_000) ?? standard.trackingMicros
        if tracking != 0 && tracking < 1_000_000 {
            throw table.error("tracking", "\(QuantityText.duration(tracking)) is too fast to tell drift from a touch; allowed: 0 (off) or 1s…10min")
        }
        let tare = try table.durationMicros("tare", range: 10_000...5_000_000) ?? standard.tareMicros
        let spread = try table.integer("tare_spread_limit", expected: "a whole number of counts", range: 1...65_535, unit: " counts") ?? Int(standard.tareSpreadLimitCounts)
        try table.finish()
        return BaselineSettings(trackingMicros: tracking, tareMicros: tare, tareSpreadLimitCounts: Int32(spread))
    }

    /// `[press]`: multi-touch, drag and progress behaviour of the recogniser.
    private static func readPress(_ table: TableReader?) throws(ConfigError) -> PressBehaviour {
        let standard = PressBehaviour.standard
        guard let table else { return standard }
        let multiTouch = try table.bool("multi_touch_fails") ?? standard.multiTouchFails
        var dragSpeed = standard.dragSpeedQ16PerSecond
        if let speed = try table.number("drag_speed", expected: "pad widths per second such as 1.0 (0 turns drag detection off)") {
            guard speed.isFinite, speed >= 0, speed <= 100 else {
                throw table.error("drag_speed", "\(speed) is out of range; allowed: 0 (off) or up to 100 pad widths per second")
            }
            dragSpeed = Int32((speed * 65536).rounded())
        }
        let dragWindow = try table.durationMicros("drag_window", range: 5_000...1_000_000) ?? standard.dragWindowMicros
        var progressStep = standard.progressStepQ16
        if let step = try table.number("progress_step", expected: "a fraction of a stage such as 0.0625") {
            guard step.isFinite, step >= 0.001, step <= 1 else {
                throw table.error("progress_step", "\(step) is out of range; allowed: 0.001…1 (the share of a stage between two progress events)")
            }
            progressStep = Int32((step * 65536).rounded())
        }
        let interval = try table.durationMicros("progress_interval", range: 0...1_000_000) ?? standard.progressIntervalMicros
        try table.finish()
        return PressBehaviour(
            multiTouchFails: multiTouch, dragSpeedQ16PerSecond: dragSpeed, dragWindowMicros: dragWindow,
            progressStepQ16: progressStep, progressIntervalMicros: interval)
    }

    /// `[quick_actions]`: the menu opened on the pad by popping and holding.
    private static func readQuickActions(_ table: TableReader?) throws(ConfigError) -> QuickActionMenuSettings {
        let standard = QuickActionMenuSettings.standard
        guard let table else { return standard }
        let enabled = try table.bool("enabled") ?? standard.enabled
        let hold = try table.durationMicros("hold", range: 100_000...5_000_000) ?? standard.openHoldMicros
        let timeout = try table.durationMicros("timeout", range: 500_000...60_000_000) ?? standard.timeoutMicros
        try table.finish()
        return QuickActionMenuSettings(enabled: enabled, openHoldMicros: hold, timeoutMicros: timeout, borderMarginQ16: standard.borderMarginQ16)
    }
}
