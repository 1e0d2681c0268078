import ForcePadCore

/// A force setting together with the words that name it in messages and the key that sets
/// it, so an ordering problem can be blamed on the key the user actually wrote.
struct NamedForce {
    let force: Force
    /// How messages name it: `thresholds.pop`, `the firm preset's pop`, `force.maximum`.
    let label: String
    /// The word the user changes: `pop`, `maximum`.
    let shortName: String
    /// The key that sets it.
    let path: ConfigKeyPath
    /// Whether the file sets it (false: a default).
    let isWritten: Bool

    /// Fails unless `lower` < `upper` (≤ when `allowEqual`). The error goes to `upper`
    /// when the file sets it (or neither is set), else to `lower`; `consequence` (e.g.
    /// `": pop could never fire"`) follows the numbers.
    static func requireOrder(
        _ lower: NamedForce, _ upper: NamedForce, allowEqual: Bool = false, consequence: String = "",
        document: ConfigDocument
    ) throws(ConfigError) {
        guard allowEqual ? lower.force > upper.force : lower.force >= upper.force else { return }
        if upper.isWritten || !lower.isWritten {
            throw document.error(
                "\(upper.force) must be \(allowEqual ? "at least" : "above") \(lower.label) (\(lower.force))\(consequence); raise \(upper.shortName) or lower \(lower.shortName)",
                at: upper.path)
        }
        throw document.error(
            "\(lower.force) must be \(allowEqual ? "at most" : "below") \(upper.label) (\(upper.force))\(consequence); lower \(lower.shortName) or raise \(upper.shortName)",
            at: lower.path)
    }
}
