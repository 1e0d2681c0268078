import ForcePadHAL
import Glibc
import Synchronization

/// What SIGINT, SIGTERM and SIGHUP do: while the controller runs, stop the loop (which
/// drives the haptic line off), print the last events, say so and exit 0. Before the
/// controller exists, exit at once; once the shell is already shutting down, leave the
/// shutdown (which does the same) to finish.
final class SignalStopper: Sendable {
    private enum Phase {
        case starting
        case running(LoopStopper, LabSession)
        case shuttingDown
    }

    private let phase = PosixMutex(Phase.starting)

    /// The controller is running: a signal stops its loop and ends its recording.
    func running(_ controller: Controller) {
        let stopper = controller.stopper
        let lab = controller.lab
        phase.withLock { $0 = .running(stopper, lab) }
    }

    /// The shell has ended and is shutting the controller down itself.
    func shuttingDown() {
        phase.withLock { $0 = .shuttingDown }
    }

    func stop(_ signal: Int32) {
        let current = phase.withLock { phase in
            let current = phase
            if case .running = phase { phase = .shuttingDown }
            return current
        }
        switch current {
        case .starting:
            StandardError.write("forcepad: \(SignalWatcher.name(signal)) received while starting; nothing was running")
            exit(0)
        case .running(let loop, let lab):
            let stopped = loop.stop()
            lab.shutdown()
            StandardError.write("forcepad: \(SignalWatcher.name(signal)) received; loop stopped\(stopped ? ", haptic line off" : " late: check the haptic line")")
            exit(stopped ? 0 : 1)
        case .shuttingDown:
            return
        }
    }
}
