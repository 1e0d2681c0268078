/// Everything the loop derives from ``ControllerSettings`` on one board, as one value: the
/// recogniser's thresholds and behaviour, the pipeline's filter and baseline, the haptic
/// scheduler's mode and limits. Sent to the loop in one command, so a change never runs
/// half-applied (new thresholds with the old filter).
public struct LoopSettings: Sendable, Equatable, BitwiseCopyable {
    public var recognizer: PressRecognizerSettings
    public var pipeline: PipelineSettings
    public var haptics: HapticSchedulerSettings

    public init(recognizer: PressRecognizerSettings, pipeline: PipelineSettings, haptics: HapticSchedulerSettings) {
        self.recognizer = recognizer
        self.pipeline = pipeline
        self.haptics = haptics
    }

    /// What `settings` (already checked by ``SettingsRules``) mean on a board sampling at `sampleRateHz`.
    public init(_ settings: ControllerSettings, sampleRateHz: Int) {
        self.init(
            recognizer: PressRecognizerSettings(settings),
            pipeline: PipelineSettings(settings: settings, sampleRateHz: sampleRateHz),
            haptics: HapticSchedulerSettings(settings.haptics))
    }
}
