/// A lab file (a recording's description or events, a report) that cannot be used: which
/// file, which line when the problem is one line, what is wrong and the fix, in one line.
public struct LabFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// 1-based line, or nil when the problem is the file as a whole or one of its keys.
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message`.
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
