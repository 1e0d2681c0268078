/// A setting that cannot be used: the key that should change, as the config file writes it
/// (`hysteresis.peek`, `presets.firm.pop`, `filter.cutoff`), and what is wrong with the fix.
/// The config loader places it on the key's `file:line`; the shell prints it after `error:`.
/// Thrown by the readers of values that both take (``HapticSettings/setPattern(_:text:)``).
public struct SettingsProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Dotted key path, as in the config file.
    public let key: String
    /// What is wrong and how to fix it, e.g. `120g must be above thresholds.peek (150g); raise pop or lower peek`.
    public let message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// `key: message`.
    public var description: String { "\(key): \(message)" }
}
