/// A trace file that cannot be used: where (file and line) and why, in one line that says
/// what a good line looks like.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based line, or nil when the problem is the file as a whole.
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
