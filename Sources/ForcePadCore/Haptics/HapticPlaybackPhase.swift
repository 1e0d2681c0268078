/// Where the playing pattern stands.
enum HapticPlaybackPhase: Sendable, BitwiseCopyable {
    /// Nothing to play.
    case idle
    /// On step `step` is due at `dueMicros` (µs); it starts at the first period at or after
    /// that time and after the period of the last off, and for any step but a stage's first
    /// at least `minOffMicros` after that off.
    case waiting(step: Int, dueMicros: Int64)
    /// On step `step` began at `startedMicros` (µs); the line goes off at the first period at
    /// or after `offDueMicros` (µs), for the reason `end`.
    case on(step: Int, startedMicros: Int64, offDueMicros: Int64, end: HapticStepEnd)
}
