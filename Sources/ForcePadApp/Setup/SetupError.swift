/// A problem found while starting up (board not found, state dir not writable, a device that
/// does not answer): one line saying what and what to do, and the exit status it ends with
/// (2: bad usage or configuration, 1: a device or the system failed).
public struct SetupError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 2) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}
