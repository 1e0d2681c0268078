import CRealTime
import Glibc

/// What a process that dies of a fault (a trap, a failed precondition, a bad access: SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) still puts right from its signal handler before
/// the signal's previous handler (Swift's backtracer, or the default action) runs: the
/// terminal's settings as they were before the shell made input raw. The haptic line is kept
/// by ``GPIOOutputLine`` itself. The handler does only async-signal-safe work (`tcsetattr`).
public enum FatalSignalGuard {
    /// Keeps `settings` to be put back on the terminal `descriptor` if the process dies of a
    /// fault. Returns false if the handlers could not be installed.
    @discardableResult
    public static func keepTerminal(_ descriptor: Int32, settings: termios) -> Bool {
        var settings = settings
        return fp_crash_guard_keep_terminal(descriptor, &settings) == 0
    }

    /// Forgets the terminal's settings once they have been put back.
    public static func forgetTerminal() {
        _ = fp_crash_guard_keep_terminal(-1, nil)
    }
}
