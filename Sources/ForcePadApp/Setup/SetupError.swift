/// A problem found while starting up (board not found, state dir not writable, an option
/// this build cannot honour): one line saying what and what to do. Exit status 2.
public struct SetupError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
