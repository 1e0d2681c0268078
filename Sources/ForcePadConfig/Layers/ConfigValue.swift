/// One setting as the config file writes it: its dotted key and its value as TOML text
/// (`thresholds.peek` and `"150g"`).
public struct ConfigValue: Sendable, Equatable {
    /// Dotted key, e.g. `haptics.patterns.pop`.
    public let key: String
    /// The value as TOML source, e.g. `"150g"`, `true` or `0.5`.
    public let text: String

    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}
