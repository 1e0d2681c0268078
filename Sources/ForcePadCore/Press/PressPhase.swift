/// Which gap a progress value measures, after `UIPreviewInteraction`.
public enum PressPhase: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// From touch (0) toward peek (1).
    case preview
    /// From peek (0) toward pop (1).
    case commit
}
