/// Why the ``ShortcutRegistry`` refused a request: one line for the operator that says what
/// was wrong and what is allowed.
public struct ShortcutRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
