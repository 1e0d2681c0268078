/// Where the recogniser stands between two frames, for `status` and the loop.
public enum PressState: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// No press: waiting for the force to reach touch (for the dwell time).
    case idle
    /// A press began and has reached neither peek nor pop.
    case touching
    /// Peek fired; pop has not.
    case peek
    /// Pop fired.
    case pop
    /// The press was cancelled; nothing is reported until the force falls below the release
    /// level (touch − the touch band).
    case cancelled
}
