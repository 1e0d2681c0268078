/// A quick action: a titled shell command, offered in one of four slots.
public struct ShortcutDefinition: Sendable, Equatable {
    /// Unique identifier, reverse-DNS style recommended (`lab.tare`).
    public var type: String
    /// What the operator sees.
    public var title: String
    public var subtitle: String?
    public var icon: ShortcutIcon?
    /// Free key/value pairs carried with the shortcut.
    public var userInfo: [String: String]
    /// The shell command line it runs.
    public var command: String

    /// Longest `type`, `title`, `subtitle` or `command` accepted, in characters.
    public static let maxFieldLength = 64
    public static let maxCommandLength = 256

    public init(
        type: String, title: String, subtitle: String?, icon: ShortcutIcon?,
        userInfo: [String: String], command: String
    ) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.userInfo = userInfo
        self.command = command
    }

    /// The first field that is unusable, as `(field, problem)`, or nil.
    public var problem: (field: String, message: String)? {
        if type.isEmpty { return ("type", "must not be empty (e.g. \"lab.tare\")") }
        if !type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }) {
            return ("type", "'\(type)' may use only letters, digits, '.', '-' and '_'")
        }
        if type.count > Self.maxFieldLength { return ("type", "is \(type.count) characters; at most \(Self.maxFieldLength)") }
        if title.isEmpty { return ("title", "must not be empty: give the text the operator sees, e.g. \"Tare\"") }
        if title.count > Self.maxFieldLength { return ("title", "is \(title.count) characters; at most \(Self.maxFieldLength)") }
        if let subtitle, subtitle.count > Self.maxFieldLength {
            return ("subtitle", "is \(subtitle.count) characters; at most \(Self.maxFieldLength)")
        }
        if command.isEmpty { return ("command", "must not be empty: give the shell command it runs, e.g. \"tare\"") }
        if command.count > Self.maxCommandLength {
            return ("command", "is \(command.count) characters; at most \(Self.maxCommandLength)")
        }
        return nil
    }
}
