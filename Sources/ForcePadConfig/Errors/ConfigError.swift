/// A board or config file that cannot be used, with where and why, in one line a lab user
/// can act on: `forcepad.toml:7: thresholds.pop: 120g must be above thresholds.peek (150g); raise pop or lower peek`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as it was named when loading (path or display name).
    public var file: String
    /// 1-based line of the offending key, or nil when no line applies (unreadable file,
    /// a required top-level key that is missing).
    public var line: Int?
    /// Dotted key path, e.g. `haptics.patterns.pop` or `shortcuts[1].type` (array indices
    /// count from 0); `file` for an unreadable file and `syntax` for malformed TOML.
    public var key: String
    /// What is wrong and what is allowed.
    public var message: String

    public init(file: String, line: Int?, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `file:line: key: message`, or `file: key: message` without a line.
    public var description: String {
        let key = QuotedValue.abbreviated(key)
        if let line { return "\(file):\(line): \(key): \(message)" }
        return "\(file): \(key): \(message)"
    }
}
