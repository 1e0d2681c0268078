/// A force setting with the words that name it in messages and the key that sets it, so an
/// ordering problem can be blamed on the key the user actually wrote.
struct NamedSetting {
    let force: Force
    /// How messages name it: `thresholds.pop`, `the firm preset's pop`, `force.maximum`.
    let label: String
    /// The word the user changes: `pop`, `maximum`.
    let shortName: String
    /// The key that sets it.
    let key: String
    /// Whether the change being checked wrote it (false: kept from before, or a default).
    let isWritten: Bool
}
