/// Where a setting's value really came from when it is not its own key: the config file may
/// leave `thresholds.pop` out and take the medium preset's pop, and messages then name that
/// (`the medium preset's pop`, key `presets.medium.pop`).
public struct SettingsStandIn: Sendable, Equatable {
    /// How messages name the value.
    public let label: String
    /// The key that sets it.
    public let key: String

    public init(label: String, key: String) {
        self.label = label
        self.key = key
    }
}
