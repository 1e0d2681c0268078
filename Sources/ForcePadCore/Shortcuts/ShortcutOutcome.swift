/// What performing a shortcut came to: the record behind a `shortcut.performed` event,
/// after `completionHandler(Bool)` of the phone's quick actions.
public struct ShortcutOutcome: Sendable, Equatable {
    /// The shortcut's type, or the reference as given when no shortcut matched it.
    public let type: String
    /// Why it was not handled, in one line; nil when its command ran and succeeded.
    public let error: String?

    public init(type: String, error: String?) {
        self.type = type
        self.error = error
    }

    /// Whether the shortcut was found, valid, and its command succeeded.
    public var handled: Bool { error == nil }
}
