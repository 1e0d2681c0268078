extension PressRecognizerSettings {
    /// The recogniser settings that `settings` describe.
    public init(_ settings: ControllerSettings) {
        let behaviour = settings.press
        self.init(
            thresholds: settings.thresholds, hysteresis: settings.hysteresis,
            multiTouchFails: behaviour.multiTouchFails, dragSpeedQ16PerSecond: behaviour.dragSpeedQ16PerSecond,
            dragWindowMicros: behaviour.dragWindowMicros, progressStepQ16: behaviour.progressStepQ16,
            progressIntervalMicros: behaviour.progressIntervalMicros)
    }
}
