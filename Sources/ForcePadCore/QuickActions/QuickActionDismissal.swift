/// Why the quick-action menu closed without performing a shortcut.
public enum QuickActionDismissal: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// The press was released with no slot selected.
    case lifted
    /// The selection did not change for the menu's timeout.
    case timeout
    /// The press was cancelled (a second contact, the sensor lost, a command).
    case cancelled
}
