/// The deepest stage a press reached: what `press.released` reports.
public enum PressStage: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// The press began but reached neither peek nor pop.
    case none
    case peek
    case pop
}
