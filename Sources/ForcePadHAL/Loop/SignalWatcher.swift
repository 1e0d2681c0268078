import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into an orderly stop: the signals are blocked in every
/// thread (create the watcher before any other thread, which inherit the mask) and a
/// dedicated thread waits for them with `sigwait`, then runs `onSignal` with the signal
/// number, outside any signal-handler restrictions.
public final class SignalWatcher: Sendable {
    private let thread: PosixThread

    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    public init(onSignal: @escaping @Sendable (Int32) -> Void) throws(DeviceError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.watched { sigaddset(&set, signal) }
        let result = pthread_sigmask(SIG_BLOCK, &set, nil)
        guard result == 0 else {
            throw DeviceError(operation: "block SIGINT and SIGTERM", errno: result, hint: "")
        }
        let blocked = set
        thread = try PosixThread {
            var waitSet = blocked
            var received: Int32 = 0
            while sigwait(&waitSet, &received) != 0 {}
            onSignal(received)
        }
    }

    /// The signal's name, e.g. `SIGTERM`.
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}
