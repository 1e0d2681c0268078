import ForcePadHAL
import Synchronization

/// Where the shell's text goes (standard output or a serial line), shared by the shell and
/// anything that prints asynchronously: one lock, whole lines at once, so lines from two
/// threads never interleave mid-line. Lines carry data (titles, names), so their control
/// characters are escaped (``TerminalSafeText``); raw text (prompts, editing) is written as is.
public final class ConsoleOutput: Sendable {
    /// The live line shown at the bottom (`monitor`'s bar on a terminal), nil when none is.
    private let lock = PosixMutex<String?>(nil)
    private let sink: @Sendable (String) -> Void
    /// Line ending: "\n" on standard output, "\r\n" on a serial line.
    public let newline: String
    /// Carriage return, then erase to the end of the line (ANSI EL 0).
    static let clearLine = "\r\u{1B}[K"

    /// Writes through `sink`, which must write all it is given (or drop it if the line is gone).
    public init(newline: String = "\n", sink: @escaping @Sendable (String) -> Void = { StandardStream.write($0, to: StandardStream.output) }) {
        self.newline = newline
        self.sink = sink
    }

    /// Writes each line, its control characters escaped, followed by the line ending. While a
    /// live line is shown it is erased first and drawn again below the lines, so a line never
    /// lands on it.
    public func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        let text = lines.map { TerminalSafeText.escaped($0) + newline }.joined()
        lock.withLock { live in
            guard let shown = live else { return sink(text) }
            sink(Self.clearLine + text + shown)
        }
    }

    /// Writes `text` as is (a prompt, editing bytes).
    public func write(text: String) {
        lock.withLock { _ in sink(text) }
    }

    /// Shows `line` (escaped) as the live line, in place of the one shown before.
    public func showLive(_ line: String) {
        let shown = TerminalSafeText.escaped(line)
        lock.withLock { live in
            live = shown
            sink(Self.clearLine + shown)
        }
    }

    /// Leaves the live line where it is, as an ordinary line, and ends it.
    public func endLive() {
        lock.withLock { live in
            guard live != nil else { return }
            live = nil
            sink(newline)
        }
    }
}
