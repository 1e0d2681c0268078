import ForcePadHAL
import Glibc
import Synchronization

/// The settings a terminal had before the shell switched it to raw input, kept so any
/// thread can put them back: the shell when it ends, the signal thread before it exits, and
/// the fatal-signal handler if the process dies of a fault (``FatalSignalGuard``).
/// Restoring is immediate (`TCSANOW`, never waiting for output to drain) and happens once.
final class TerminalRestorer: Sendable {
    /// The terminal's descriptor (standard input).
    let descriptor: Int32
    private let saved: termios
    private let pending = Atomic<Bool>(true)

    /// Remembers `saved` as the settings of the terminal on `descriptor`.
    init(descriptor: Int32, saved: termios) {
        self.descriptor = descriptor
        self.saved = saved
        FatalSignalGuard.keepTerminal(descriptor, settings: saved)
    }

    /// Puts the saved settings back; later calls do nothing.
    func restore() {
        guard pending.exchange(false, ordering: .acquiringAndReleasing) else { return }
        FatalSignalGuard.forgetTerminal()
        var settings = saved
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }
}
