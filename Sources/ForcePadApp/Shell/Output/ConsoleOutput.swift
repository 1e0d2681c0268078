import ForcePadHAL
import Synchronization

/// Where the shell's text goes (standard output or a serial line), shared by the shell and
/// anything that prints asynchronously: one lock, whole lines at once, so lines from two
/// threads never interleave mid-line. Lines carry data (titles, names), so their control
/// characters are escaped (``TerminalSafeText``); raw text (prompts, editing) is written as is.
public final class ConsoleOutput: Sendable {
    private let lock = PosixMutex(())
    private let sink: @Sendable (String) -> Void
    /// Line ending: "\n" on standard output, "\r\n" on a serial line.
    public let newline: String

    /// Writes through `sink`, which must write all it is given (or drop it if the line is gone).
    public init(newline: String = "\n", sink: @escaping @Sendable (String) -> Void = { StandardStream.write($0, to: StandardStream.output) }) {
        self.newline = newline
        self.sink = sink
    }

    /// Writes each line, its control characters escaped, followed by the line ending.
    public func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        write(text: lines.map { TerminalSafeText.escaped($0) + newline }.joined())
    }

    /// Writes `text` as is (a prompt, editing bytes).
    public func write(text: String) {
        lock.withLock { _ in sink(text) }
    }
}
