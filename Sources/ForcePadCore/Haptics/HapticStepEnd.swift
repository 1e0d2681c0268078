/// What ends an on step that is playing: which counter, if any, its end feeds.
enum HapticStepEnd: Sendable, BitwiseCopyable {
    /// The step ran its full length (or, held, until the stage was released).
    case patternStep
    /// The step is cut at `maxOnMicros`.
    case maxOn
    /// The step is cut where the duty budget runs out.
    case dutyLimit
    /// A newer trigger, a stage release or `forceOff` ends it early.
    case interrupted
}
