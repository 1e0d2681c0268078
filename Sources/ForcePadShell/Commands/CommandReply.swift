import ForcePadCore

/// The answer of a successful command: readable lines for human mode and fields for the
/// JSON line (`{"ok":true,"cmd":…, fields…}`) in machine mode.
public struct CommandReply: Sendable {
    public var lines: [String]
    public var fields: [(String, JSONValue)]
    /// Set by `quit`: the session ends after this reply.
    public var endsSession: Bool

    public init(lines: [String] = [], fields: [(String, JSONValue)] = [], endsSession: Bool = false) {
        self.lines = lines
        self.fields = fields
        self.endsSession = endsSession
    }
}
