import Synchronization

/// Standard output shared by the shell and anything that prints asynchronously: one lock,
/// whole lines, flushed at once, so lines from two threads never interleave mid-line.
public final class ConsoleOutput: Sendable {
    private let lock = Mutex(())
    /// Line ending: "\n" on standard output, "\r\n" on a serial line.
    public let newline: String

    public init(newline: String = "\n") { self.newline = newline }

    /// Writes each line followed by the line ending.
    public func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        let text = lines.map { $0 + newline }.joined()
        write(text: text)
    }

    /// Writes `text` as is (a prompt).
    public func write(text: String) {
        lock.withLock { _ in StandardStream.write(text, to: StandardStream.output) }
    }
}
