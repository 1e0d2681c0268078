/// Why a command line could not be carried out: one line for the operator that says what
/// was wrong and what would work.
public struct CommandFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
