import ForcePadHAL
import Glibc
import Synchronization

/// What SIGINT, SIGTERM and SIGHUP do while the controller runs: stop the loop (which drives
/// the haptic line off), print the last events, say why, and exit 0. Before the controller
/// exists, or after the shell ended, a signal just exits.
final class SignalStopper: @unchecked Sendable {
    private let lock = Mutex(())
    private var current: Controller?

    var controller: Controller? {
        get { lock.withLock { _ in current } }
        set { lock.withLock { _ in current = newValue } }
    }

    func stop(_ signal: Int32) {
        let stopped = controller?.stopFromAnotherThread() ?? true
        StandardError.write("forcepad: \(SignalWatcher.name(signal)) received; loop stopped\(stopped ? ", haptic line off" : " late: check the haptic line")")
        exit(stopped ? 0 : 1)
    }
}
