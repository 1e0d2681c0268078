import ForcePadHAL
import Glibc
import Synchronization

/// What SIGINT, SIGTERM and SIGHUP do: while the controller runs, stop the loop (which
/// drives the haptic line off), print the last events, name the settings changed and not
/// saved (`config save`), say so and exit 0. Before the
/// controller exists, exit at once; once the shell is already shutting down, leave the
/// shutdown (which does the same) to finish.
///
/// Whatever happens, the process ends within ``exitBudgetMicros`` of the signal: if
/// printing blocks (a terminal or serial line nobody reads), a watchdog runs the
/// registered ``beforeExit(_:)`` actions, says whether the line is off and ends the process.
/// Those actions (the terminal's settings put back, unsent serial output dropped) run
/// before every exit the signal causes.
final class SignalStopper: Sendable {
    private enum Phase {
        case starting
        case running(LoopStopper, LabSession, PosixMutex<[String]>)
        case shuttingDown
    }

    private let phase = PosixMutex(Phase.starting)
    private let actions = PosixMutex([@Sendable () -> Void]())
    /// The thread that ends the process if the orderly stop overruns its budget.
    private let watchdog = PosixMutex<PosixThread?>(nil)

    /// Longest time from a signal to the end of the process (µs), when the orderly stop
    /// is held up by output nobody reads.
    static let exitBudgetMicros: Int64 = 900_000

    /// The controller is running: a signal stops its loop and ends its recording.
    func running(_ controller: Controller) {
        let stopper = controller.stopper
        let lab = controller.lab
        let unsaved = controller.unsavedKeysForSignals
        phase.withLock { $0 = .running(stopper, lab, unsaved) }
    }

    /// The shell has ended and is shutting the controller down itself.
    func shuttingDown() {
        phase.withLock { $0 = .shuttingDown }
    }

    /// Runs `action` before the process exits because of a signal. It may run on any
    /// thread, more than once, and must never block.
    func beforeExit(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    func stop(_ signal: Int32) {
        let received = MonotonicClock().nowMicros()
        let current = phase.withLock { phase in
            let current = phase
            if case .running = phase { phase = .shuttingDown }
            return current
        }
        let name = SignalWatcher.name(signal)
        switch current {
        case .starting:
            prepareForExit()
            StandardError.write("forcepad: \(name) received while starting; nothing was running")
            exit(0)
        case .running(let loop, let lab, let unsaved):
            startWatchdog(deadline: received + Self.exitBudgetMicros) {
                let off = loop.hasStopped
                return (
                    "forcepad: \(name) received; loop stopped\(off ? ", haptic line off" : " late: check the haptic line");"
                        + " output nobody read was dropped", off ? 0 : 1
                )
            }
            let (stopped, driverNote) = loop.stop()
            prepareForExit()
            lab.shutdown()
            let keys = unsaved.withLock { $0 }
            if !keys.isEmpty {
                StandardError.write("forcepad: \(name) received with unsaved changes to \(keys.joined(separator: ", ")); they are lost (config save keeps settings)")
            }
            StandardError.write("forcepad: \(name) received; loop stopped\(stopped ? ", haptic line off" : " late: check the haptic line")\(driverNote)")
            exit(stopped ? 0 : 1)
        case .shuttingDown:
            startWatchdog(deadline: received + Self.exitBudgetMicros) {
                ("forcepad: \(name) received while shutting down; the shutdown took too long and was cut short", 1)
            }
        }
    }

    /// Runs every registered action (each is idempotent).
    private func prepareForExit() {
        for action in actions.withLock({ $0 }) { action() }
    }

    /// Ends the process at `deadline` (monotonic µs) unless it ended first, with the message
    /// and status `outcome` gives then. The message is written only if standard error
    /// takes it without waiting.
    private func startWatchdog(deadline: Int64, outcome: @escaping @Sendable () -> (message: String, status: Int32)) {
        let thread = try? PosixThread { [self] in
            LoopWait.pause(micros: deadline - MonotonicClock().nowMicros())
            prepareForExit()
            let (message, status) = outcome()
            var poller = pollfd(fd: StandardStream.error, events: Int16(POLLOUT), revents: 0)
            if poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLOUT) != 0 { StandardError.write(message) }
            _exit(status)
        }
        watchdog.withLock { $0 = thread }
    }
}
