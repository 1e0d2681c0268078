import ForcePadCore
import ForcePadHAL
import Synchronization

/// Where the shell's text goes (standard output or a serial line), shared by the shell and
/// anything that prints asynchronously: one lock, whole lines at once, so lines from two
/// threads never interleave mid-line. Lines carry data (titles, names), so their control
/// characters are escaped (``TerminalSafeText``); raw text (prompts, editing) is written as is.
///
/// Lines never land on a live picture: a live line is erased and drawn again below them, and
/// while a picture owns the screen (``hold(drawing:)`` to ``release(drawing:)``) they wait
/// and follow it, also when the program ends during it (``release()`` from the exit path).
public final class ConsoleOutput: Sendable {
    private let lock = PosixMutex<ConsoleLiveState>(.none)
    private let sink: @Sendable (String) -> Void
    /// Line ending: "\n" on standard output, "\r\n" on a serial line.
    public let newline: String
    /// Bytes a second the line carries (a serial line's baud ÷ 10), nil when it is not limited.
    public let lineBytesPerSecond: Int?
    /// Carriage return, then erase to the end of the line (ANSI EL 0).
    static let clearLine = "\r\u{1B}[K"
    /// Most lines that wait while a picture owns the screen; more are dropped and counted.
    static let maxHeldLines = 4096

    /// Writes through `sink`, which must write all it is given (or drop it if the line is gone).
    public init(
        newline: String = "\n", lineBytesPerSecond: Int? = nil,
        sink: @escaping @Sendable (String) -> Void = { StandardStream.write($0, to: StandardStream.output) }
    ) {
        self.newline = newline
        self.lineBytesPerSecond = lineBytesPerSecond
        self.sink = sink
    }

    /// Writes each line, its control characters escaped, followed by the line ending. While a
    /// live line is shown it is erased first and drawn again below the lines; while a picture
    /// owns the screen the lines wait for its end.
    public func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        let escaped = lines.map { TerminalSafeText.escaped($0) + newline }
        lock.withLock { live in
            switch live {
            case .none: sink(escaped.joined())
            case .line(let shown): sink(Self.clearLine + escaped.joined() + shown)
            case .screen(var held, var dropped, let leaving):
                let room = max(Self.maxHeldLines - held.count, 0)
                held += escaped.prefix(room)
                dropped += escaped.count - min(room, escaped.count)
                live = .screen(held: held, dropped: dropped, leaving: leaving)
            }
        }
    }

    /// Writes `text` as is (a prompt, editing bytes, a picture's update).
    public func write(text: String) {
        lock.withLock { _ in sink(text) }
    }

    /// Shows `line` (escaped) as the live line, in place of the one shown before.
    public func showLive(_ line: String) {
        let shown = TerminalSafeText.escaped(line)
        lock.withLock { live in
            live = .line(shown)
            sink(Self.clearLine + shown)
        }
    }

    /// Leaves the live line where it is, as an ordinary line, and ends it.
    public func endLive() {
        lock.withLock { live in
            guard case .line = live else { return }
            live = .none
            sink(newline)
        }
    }

    /// Writes `text` as is, then keeps the lines written from now on until ``release()``,
    /// which writes `leaving` first: a picture owns the screen.
    func hold(drawing text: String, leaving: String) {
        lock.withLock { live in
            live = .screen(held: [], dropped: 0, leaving: leaving)
            sink(text)
        }
    }

    /// Writes `text` as is while a picture owns the screen (an update of it); nothing after
    /// ``release()``.
    func draw(_ text: String) {
        lock.withLock { live in
            guard case .screen = live else { return }
            sink(text)
        }
    }

    /// Lines waiting while a picture owns the screen.
    func heldLineCount() -> Int {
        lock.withLock { live in
            guard case .screen(let held, let dropped, _) = live else { return 0 }
            return held.count + dropped
        }
    }

    /// Ends the picture: writes what gives the screen back, then the lines that waited, after
    /// a note when some were dropped; lines are written at once again. Nothing when no
    /// picture owns the screen.
    func release() {
        lock.withLock { live in
            guard case .screen(let held, let dropped, let leaving) = live else { return }
            live = .none
            let note = dropped > 0 ? ["(\(CountText.of(dropped, "line")) dropped while the screen was busy)" + newline] : []
            sink(leaving + (note + held).joined())
        }
    }
}
