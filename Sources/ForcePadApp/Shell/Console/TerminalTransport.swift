import ForcePadHAL
import Glibc

/// The interactive shell on the terminal of standard input/output: input switched to
/// character-at-a-time without echo or signal keys (the line editor does those), output
/// processing kept (so "\n" still returns the carriage). The terminal's settings are
/// restored by ``restore()``, or from another thread through ``restorer``.
final class TerminalTransport: ConsoleTransport {
    let output = ConsoleOutput()
    let allowsQuit = true
    /// Puts the terminal back as it was; nil when its settings could not be changed.
    let restorer: TerminalRestorer?

    init() {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            restorer = nil
            return
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        restorer = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 ? TerminalRestorer(descriptor: STDIN_FILENO, saved: saved) : nil
    }

    /// Puts the terminal back as it was.
    func restore() {
        restorer?.restore()
    }

    deinit { restore() }

    func kernelTerminalSize() -> TerminalSize? {
        TerminalSize.kernel(descriptor: STDOUT_FILENO)
    }

    func read(timeoutMilliseconds: Int) -> ConsoleInput {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeoutMilliseconds))
        if ready == 0 || (ready < 0 && errno == EINTR) { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .timedOut }
        return .closed
    }
}
