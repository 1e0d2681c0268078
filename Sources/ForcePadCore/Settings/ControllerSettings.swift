/// Everything `forcepad.toml` sets: how force becomes presses and haptics.
public struct ControllerSettings: Sendable, Equatable {
    public var thresholds: Thresholds
    /// Preset the thresholds came from, or nil when they were set by number.
    public var preset: ThresholdPreset?
    /// Peek and pop of each preset (defaults from ``ThresholdPreset/defaultForces``).
    public var presetForces: [ThresholdPreset: (peek: Force, pop: Force)]
    public var hysteresis: Hysteresis
    public var press: PressBehaviour
    public var forceScale: ForceScale
    public var filter: FilterSettings
    public var baseline: BaselineSettings
    public var haptics: HapticSettings
    /// Static shortcuts in file order.
    public var shortcuts: [ShortcutDefinition]
    /// The quick-action menu on the pad (pop and hold).
    public var quickActions: QuickActionMenuSettings
    /// swift-log level name: trace, debug, info, notice, warning, error, critical.
    public var logLevel: String
    /// When a failing sensor counts as lost, and how often it is looked for again.
    public var faults: SensorFaultSettings = .standard
    /// Pass/fail limits a trial's statistics are checked against (`[trials]`).
    public var trialLimits: TrialLimits = .none
    /// Where the station publishes its state and results (`[mqtt]`); nil: it does not.
    public var mqtt: MqttSettings?

    public init(
        thresholds: Thresholds, preset: ThresholdPreset?,
        presetForces: [ThresholdPreset: (peek: Force, pop: Force)], hysteresis: Hysteresis,
        press: PressBehaviour, forceScale: ForceScale, filter: FilterSettings, baseline: BaselineSettings, haptics: HapticSettings,
        shortcuts: [ShortcutDefinition], quickActions: QuickActionMenuSettings, logLevel: String
    ) {
        self.thresholds = thresholds
        self.preset = preset
        self.presetForces = presetForces
        self.hysteresis = hysteresis
        self.press = press
        self.forceScale = forceScale
        self.filter = filter
        self.baseline = baseline
        self.haptics = haptics
        self.shortcuts = shortcuts
        self.quickActions = quickActions
        self.logLevel = logLevel
    }

    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// The settings used when no config file exists: the medium preset.
    public static let standard: ControllerSettings = {
        var forces: [ThresholdPreset: (peek: Force, pop: Force)] = [:]
        for preset in ThresholdPreset.allCases { forces[preset] = preset.defaultForces }
        let medium = ThresholdPreset.medium.defaultForces
        return ControllerSettings(
            thresholds: Thresholds(touch: .grams(20), peek: medium.peek, pop: medium.pop),
            preset: .medium, presetForces: forces, hysteresis: .standard, press: .standard, forceScale: .phone,
            filter: .standard, baseline: .standard, haptics: .standard, shortcuts: [], quickActions: .standard, logLevel: "info")
    }()

    /// Thresholds with `preset` applied (touch kept).
    public func thresholds(for preset: ThresholdPreset) -> Thresholds {
        let forces = presetForces[preset] ?? preset.defaultForces
        return Thresholds(touch: thresholds.touch, peek: forces.peek, pop: forces.pop)
    }

    public static func == (lhs: ControllerSettings, rhs: ControllerSettings) -> Bool {
        lhs.thresholds == rhs.thresholds && lhs.preset == rhs.preset
            && ThresholdPreset.allCases.allSatisfy {
                lhs.presetForces[$0]?.peek == rhs.presetForces[$0]?.peek
                    && lhs.presetForces[$0]?.pop == rhs.presetForces[$0]?.pop
            }
            && lhs.hysteresis == rhs.hysteresis && lhs.press == rhs.press && lhs.forceScale == rhs.forceScale
            && lhs.filter == rhs.filter && lhs.baseline == rhs.baseline && lhs.haptics == rhs.haptics
            && lhs.shortcuts == rhs.shortcuts && lhs.quickActions == rhs.quickActions && lhs.logLevel == rhs.logLevel
            && lhs.faults == rhs.faults && lhs.trialLimits == rhs.trialLimits && lhs.mqtt == rhs.mqtt
    }
}
