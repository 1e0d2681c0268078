/// One pass of ``SettingsRules`` over a ``ControllerSettings``, collecting its problems.
struct SettingsCheck {
    typealias Levels = (touch: NamedSetting, peek: NamedSetting, pop: NamedSetting)

    let settings: ControllerSettings
    let written: Set<String>
    let standIns: [String: SettingsStandIn]
    private(set) var problems: [SettingsProblem] = []

    init(settings: ControllerSettings, written: Set<String>, standIns: [String: SettingsStandIn]) {
        self.settings = settings
        self.written = written
        self.standIns = standIns
    }

    // MARK: Naming

    /// The setting `key` holding `force`, named by its stand-in when it has one.
    private func named(_ key: String, _ force: Force, shortName: String) -> NamedSetting {
        let standIn = standIns[key]
        let source = standIn?.key ?? key
        return NamedSetting(
            force: force, label: standIn?.label ?? key, shortName: shortName, key: source, isWritten: written.contains(source))
    }

    private var touch: NamedSetting { named("thresholds.touch", settings.thresholds.touch, shortName: "touch") }

    /// The thresholds of each preset, with the current touch.
    private var presetLevels: [Levels] {
        ThresholdPreset.allCases.map { preset in
            let forces = settings.presetForces[preset] ?? preset.defaultForces
            func level(_ stage: String, _ force: Force) -> NamedSetting {
                let key = "presets.\(preset.rawValue).\(stage)"
                return NamedSetting(
                    force: force, label: "the \(preset.rawValue) preset's \(stage)", shortName: stage, key: key,
                    isWritten: written.contains(key))
            }
            return (touch, level("peek", forces.peek), level("pop", forces.pop))
        }
    }

    /// The thresholds set by number, when they do not come from a preset.
    private var customLevels: Levels? {
        guard settings.preset == nil else { return nil }
        return (
            touch, named("thresholds.peek", settings.thresholds.peek, shortName: "peek"),
            named("thresholds.pop", settings.thresholds.pop, shortName: "pop"))
    }

    /// Every set of thresholds the controller may run with: the numbers, then each preset.
    private var candidates: [Levels] { (customLevels.map { [$0] } ?? []) + presetLevels }

    private mutating func report(_ key: String, _ message: String) {
        problems.append(SettingsProblem(key: key, message: message))
    }

    // MARK: Rules

    /// touch > 0, and touch < peek < pop for each preset and for the numbers.
    mutating func thresholds() {
        if touch.force <= .zero {
            report(touch.key, "\(touch.force) must be above 0g; give a small force such as \"20g\"")
        }
        for levels in presetLevels + (customLevels.map { [$0] } ?? []) {
            requireOrder(levels.touch, levels.peek)
            requireOrder(levels.peek, levels.pop)
        }
    }

    /// average_touch > 0, average_touch < maximum, and every pop within the maximum.
    mutating func forceScale() {
        let scale = settings.forceScale
        let average = named("force.average_touch", scale.averageTouch, shortName: "average_touch")
        let maximum = named("force.maximum", scale.maximum, shortName: "maximum")
        if average.force <= .zero {
            report(average.key, "\(average.force) must be above 0g; give the force of an ordinary touch, e.g. \"57.747g\"")
        }
        requireOrder(average, maximum)
        for levels in candidates {
            requireOrder(levels.pop, maximum, allowEqual: true, consequence: ": pop could never fire")
        }
    }

    /// Bands and dwell within range; each band narrower than the gap below its threshold.
    mutating func hysteresis() {
        let bands = settings.hysteresis
        let named = (
            touch: named("hysteresis.touch", bands.touch, shortName: "touch"),
            peek: named("hysteresis.peek", bands.peek, shortName: "peek"),
            pop: named("hysteresis.pop", bands.pop, shortName: "pop"))
        var inRange = true
        for band in [named.touch, named.peek, named.pop] where !SettingsRules.bandRange.contains(band.force) {
            report(band.key, "\(band.force) is out of range; allowed: \(SettingsRules.bandRange.lowerBound)…\(SettingsRules.bandRange.upperBound)")
            inRange = false
        }
        let range = SettingsRules.dwellRangeMicros
        for (key, dwell) in [("hysteresis.dwell", bands.dwellMicros), ("hysteresis.touch_dwell", bands.touchDwellMicros)] where !range.contains(dwell) {
            report(key, "\(QuantityText.duration(dwell)) is out of range; allowed: \(QuantityText.duration(range.lowerBound))…\(QuantityText.duration(range.upperBound))")
        }
        guard inRange else { return }
        for levels in candidates {
            requireNarrower(named.touch, than: nil, levels.touch)
            requireNarrower(named.peek, than: levels.touch, levels.peek)
            requireNarrower(named.pop, than: levels.peek, levels.pop)
        }
    }

    /// The cut-off within 0.1 Hz…500 Hz and below what the filter supports at the board's
    /// rate; the one-euro filter's β within 0…10 Hz per g/s and its speed cut-off within 0.1 Hz…500 Hz.
    mutating func filter(sampleRateHz: Int?) {
        let cutoff = settings.filter.cutoffMilliHertz
        let range = SettingsRules.cutoffRangeMilliHertz
        let beta = settings.filter.betaMilliHertzPerGramPerSecond, betaRange = SettingsRules.betaRangeMilliHertzPerGramPerSecond
        if !betaRange.contains(beta) {
            report("filter.beta", "\(QuantityText.frequency(beta)) per g/s is out of range; allowed: 0…\(QuantityText.frequency(betaRange.upperBound)) per g/s")
        }
        let speedCutoff = settings.filter.speedCutoffMilliHertz
        if !range.contains(speedCutoff) {
            report("filter.speed_cutoff", "\(QuantityText.frequency(speedCutoff)) is out of range; allowed: \(QuantityText.frequency(range.lowerBound))…\(QuantityText.frequency(range.upperBound))")
        }
        guard range.contains(cutoff) else {
            report("filter.cutoff", "\(QuantityText.frequency(cutoff)) is out of range; allowed: \(QuantityText.frequency(range.lowerBound))…\(QuantityText.frequency(range.upperBound))")
            return
        }
        guard let sampleRateHz else { return }
        let ceiling = SettingsRules.maxCutoffMilliHertz(sampleRateHz: sampleRateHz)
        if settings.filter.kind != .none && cutoff > ceiling {
            report("filter.cutoff", "\(QuantityText.frequency(cutoff)) is above what the filter can do at the board's \(sampleRateHz)Hz sample rate (at most \(QuantityText.frequency(ceiling)), 0.45 × the rate); lower the cut-off")
        }
    }

    /// Every pattern within max_on, and no more patterns than the loop's bank holds.
    mutating func hapticPatterns() {
        let haptics = settings.haptics
        let names = haptics.patterns.keys.sorted()
        for name in names where written.contains("haptics.patterns.\(name)") {
            if let problem = SettingsRules.onTimeProblem(of: haptics.patterns[name]!, named: name, haptics: haptics) {
                problems.append(problem)
            }
        }
        for name in names where !written.contains("haptics.patterns.\(name)") {
            let longest = haptics.patterns[name]?.longestOnMicros ?? 0
            if longest > haptics.maxOnMicros {
                report("haptics.max_on", "\(QuantityText.duration(haptics.maxOnMicros)) is shorter than the \(name) pattern's longest on step (\(QuantityText.duration(longest))); raise max_on or give haptics.patterns.\(name) shorter on steps")
            }
        }
        let all = Set(haptics.patterns.keys).union(["peek", "pop", "release"])
        if all.count > HapticPatternBank.capacity {
            report("haptics.patterns", "\(all.count) patterns with peek, pop and release; at most \(HapticPatternBank.capacity); remove \(all.count - HapticPatternBank.capacity)")
        }
    }

    /// Stage sequences against the board's DRV2605L (`driver`, nil: none): a sequence needs a
    /// driver, only stages have one, the gpio-level trigger plays on/off patterns, and the
    /// i2c trigger (no wire to IN/TRIG) needs a sequence for every stage pattern written.
    mutating func hapticEffects(driver: HapticDriverDescription?) {
        let haptics = settings.haptics
        for name in haptics.effects.keys.sorted() {
            let key = "haptics.patterns.\(name)"
            let text = haptics.effects[name]!.description
            guard HapticSettings.effectStages.contains(name) else {
                report(key, "'\(text)' is a DRV2605L sequence, which only the stages peek, pop and release play; give \(name) an on/off pattern such as \"on 20ms\"")
                continue
            }
            guard let driver else {
                report(key, "'\(text)' plays on a DRV2605L, and the board has no [haptic.driver]: write an on/off pattern such as \"on 20ms\", or add the driver to the board file")
                continue
            }
            if driver.trigger == .gpioLevel {
                report(key, "'\(text)' needs the board's DRV2605L trigger gpio-edge or i2c; with gpio-level the line's on/off pattern holds IN/TRIG: write one such as \"on 20ms\", or change trigger")
            }
        }
        if haptics.rtp != .off {
            if driver == nil {
                report("haptics.rtp", "'\(haptics.rtp.rawValue)' drives a DRV2605L in real-time playback, and the board has no [haptic.driver]: set rtp = \"off\", or add the driver to the board file")
            } else if let stage = haptics.effects.keys.sorted().first {
                report("haptics.rtp", "'\(haptics.rtp.rawValue)' keeps the DRV2605L in real-time playback, which plays no sequences: give haptics.patterns.\(stage) an on/off pattern, or set rtp = \"off\"")
            }
        }
        guard driver?.trigger == .i2c, haptics.rtp == .off else { return }
        for name in HapticSettings.effectStages.sorted() where haptics.effects[name] == nil && written.contains("haptics.patterns.\(name)") {
            report("haptics.patterns.\(name)", "the board's DRV2605L is triggered over I2C (no wire to IN/TRIG), so an on/off pattern cannot play: give a sequence such as \"effect 24\"")
        }
    }

    // MARK: Blame

    /// Reports unless `lower` < `upper` (≤ when `allowEqual`). The problem goes to `upper`
    /// when the change wrote it (or neither), else to `lower`; `consequence` (e.g.
    /// `": pop could never fire"`) follows the numbers.
    private mutating func requireOrder(
        _ lower: NamedSetting, _ upper: NamedSetting, allowEqual: Bool = false, consequence: String = ""
    ) {
        guard allowEqual ? lower.force > upper.force : lower.force >= upper.force else { return }
        if upper.isWritten || !lower.isWritten {
            report(upper.key, "\(upper.force) must be \(allowEqual ? "at least" : "above") \(lower.label) (\(lower.force))\(consequence); raise \(upper.shortName) or lower \(lower.shortName)")
        } else {
            report(lower.key, "\(lower.force) must be \(allowEqual ? "at most" : "below") \(upper.label) (\(upper.force))\(consequence); lower \(lower.shortName) or raise \(upper.shortName)")
        }
    }

    /// Reports unless `band` is narrower than the gap from `lower` (0g when nil) to `upper`,
    /// blaming the band when the change wrote it (or none of the three), else the threshold
    /// that makes the gap small.
    private mutating func requireNarrower(_ band: NamedSetting, than lower: NamedSetting?, _ upper: NamedSetting) {
        let gap = Force(milligrams: upper.force.milligrams - (lower?.force.milligrams ?? 0))
        guard band.force >= gap else { return }
        let gapText = lower.map { "the gap between \($0.label) and \(upper.label)" } ?? upper.label
        if band.isWritten || !(upper.isWritten || lower?.isWritten == true) {
            report(band.key, "\(band.force) must be below \(gapText) (\(gap)), or the \(band.shortName) stage could never be left; narrow the band or widen the gap")
            return
        }
        let setBand = "set \(band.label) below \(gap)"
        guard let lower else {
            report(upper.key, "\(upper.force) is not above \(band.label) (\(band.force)); raise \(upper.shortName) or \(setBand)")
            return
        }
        if upper.isWritten {
            report(upper.key, "\(upper.force) leaves only \(gap) above \(lower.label) (\(lower.force)), not more than \(band.label) (\(band.force)); raise \(upper.shortName) or \(setBand)")
        } else {
            report(lower.key, "\(lower.force) leaves only \(gap) below \(upper.label) (\(upper.force)), not more than \(band.label) (\(band.force)); lower \(lower.shortName) or \(setBand)")
        }
    }
}
