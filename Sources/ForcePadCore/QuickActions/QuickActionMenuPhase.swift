/// Where the quick-action menu stands between two frames.
public enum QuickActionMenuPhase: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// No menu: waiting for a press to pop.
    case closed
    /// The press popped and holds the pop stage; the menu opens when the hold is long enough.
    case holding
    /// The menu is open; the finger's position selects a slot.
    case open
    /// This press will not open the menu (again): it left pop too early, nothing was there to
    /// show, or the menu already closed. Waits for the press to end.
    case waitingForRelease
}
