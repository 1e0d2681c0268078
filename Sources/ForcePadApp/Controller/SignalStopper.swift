import ForcePadHAL
import Glibc
import Synchronization

/// What SIGINT, SIGTERM and SIGHUP do: while the controller runs, stop the loop (which
/// drives the haptic line off), print the last events, say so and exit 0. Before the
/// controller exists, exit at once; once the shell is already shutting down, leave the
/// shutdown (which does the same) to finish.
final class SignalStopper: @unchecked Sendable {
    private enum Phase {
        case starting
        case running(Controller)
        case shuttingDown
    }

    private let lock = Mutex(())
    /// Guarded by `lock`.
    private var phase = Phase.starting

    /// The controller is running: a signal stops it.
    func running(_ controller: Controller) {
        lock.withLock { _ in phase = .running(controller) }
    }

    /// The shell has ended and is shutting the controller down itself.
    func shuttingDown() {
        lock.withLock { _ in phase = .shuttingDown }
    }

    func stop(_ signal: Int32) {
        let current = lock.withLock { _ in
            let current = phase
            if case .running = phase { phase = .shuttingDown }
            return current
        }
        switch current {
        case .starting:
            StandardError.write("forcepad: \(SignalWatcher.name(signal)) received while starting; nothing was running")
            exit(0)
        case .running(let controller):
            let stopped = controller.stopFromAnotherThread()
            StandardError.write("forcepad: \(SignalWatcher.name(signal)) received; loop stopped\(stopped ? ", haptic line off" : " late: check the haptic line")")
            exit(stopped ? 0 : 1)
        case .shuttingDown:
            return
        }
    }
}
