import ForcePadCore

/// The settings `config show`, `config diff` and `config save` deal in, each written the way
/// the config file takes it, in the order of docs/configuration.md. Two settings that run
/// the same give the same text, whatever spelling the file used (`20`, `"20g"`, `"0.02kg"`).
///
/// Static shortcuts (`[[shortcuts]]`), `[press]` and `[trials]` are left out: the shell does
/// not change them, and they stay as the file writes them.
public enum ConfigValueList {
    /// The values of `settings`: `preset` when a preset is in use, else `thresholds.peek` and
    /// `thresholds.pop` (a file gives one or the other).
    public static func values(of settings: ControllerSettings) -> [ConfigValue] {
        var values: [ConfigValue] = []
        func add(_ key: String, _ text: String) { values.append(ConfigValue(key: key, text: text)) }
        func string(_ text: String) -> String { TOMLText.string(text) }
        if let preset = settings.preset { add("preset", string(preset.rawValue)) }
        add("thresholds.touch", string(settings.thresholds.touch.description))
        if settings.preset == nil {
            add("thresholds.peek", string(settings.thresholds.peek.description))
            add("thresholds.pop", string(settings.thresholds.pop.description))
        }
        for preset in ThresholdPreset.allCases {
            let forces = settings.presetForces[preset] ?? preset.defaultForces
            add("presets.\(preset.rawValue).peek", string(forces.peek.description))
            add("presets.\(preset.rawValue).pop", string(forces.pop.description))
        }
        let hysteresis = settings.hysteresis
        add("hysteresis.touch", string(hysteresis.touch.description))
        add("hysteresis.peek", string(hysteresis.peek.description))
        add("hysteresis.pop", string(hysteresis.pop.description))
        add("hysteresis.dwell", string(QuantityText.duration(hysteresis.dwellMicros)))
        add("hysteresis.touch_dwell", string(QuantityText.duration(hysteresis.touchDwellMicros)))
        add("force.average_touch", string(settings.forceScale.averageTouch.description))
        add("force.maximum", string(settings.forceScale.maximum.description))
        add("filter.kind", string(settings.filter.kind.rawValue))
        add("filter.cutoff", string(QuantityText.frequency(settings.filter.cutoffMilliHertz)))
        add("filter.spike_rejection", "\(settings.filter.spikeRejection)")
        add("filter.beta", QuantityText.beta(settings.filter.betaMilliHertzPerGramPerSecond))
        add("filter.speed_cutoff", string(QuantityText.frequency(settings.filter.speedCutoffMilliHertz)))
        add("baseline.tracking", string(QuantityText.duration(settings.baseline.trackingMicros)))
        add("baseline.tare", string(QuantityText.duration(settings.baseline.tareMicros)))
        add("baseline.tare_spread_limit", "\(settings.baseline.tareSpreadLimitCounts)")
        let haptics = settings.haptics
        add("haptics.enabled", "\(haptics.enabled)")
        add("haptics.dry_run", "\(haptics.dryRun)")
        add("haptics.mode", string(haptics.mode.rawValue))
        add("haptics.max_on", string(QuantityText.duration(haptics.maxOnMicros)))
        add("haptics.min_off", string(QuantityText.duration(haptics.minOffMicros)))
        add("haptics.max_duty", FixedDecimal.format(Int64(haptics.maxDutyPermille), scale: 3))
        add("haptics.duty_window", string(QuantityText.duration(haptics.dutyWindowMicros)))
        add("haptics.trigger_width", string(QuantityText.duration(haptics.triggerWidthMicros)))
        add("haptics.rtp", string(haptics.rtp.rawValue))
        for name in haptics.patterns.keys.sorted() {
            add("haptics.patterns." + TOMLText.key(name), string(haptics.patternText(name)!))
        }
        add("quick_actions.enabled", "\(settings.quickActions.enabled)")
        add("quick_actions.hold", string(QuantityText.duration(settings.quickActions.openHoldMicros)))
        add("quick_actions.timeout", string(QuantityText.duration(settings.quickActions.timeoutMicros)))
        add("faults.lost_after", "\(settings.faults.lostAfterFrames)")
        add("faults.retry_every", string(QuantityText.duration(settings.faults.reprobeMicros)))
        add("faults.restart_after", string(QuantityText.duration(settings.faults.restartAfterMicros)))
        add("log.level", string(settings.logLevel))
        return values
    }
}
