import CRealTime
import Glibc
import Synchronization

/// The one stoppable thread type for the threads that serve the loop (the edge watcher, the
/// reference reader, the service watchdog, the event pump, the recorder, the idle poller): a
/// named POSIX thread (``PosixThread``), optionally raised to `SCHED_FIFO` (or lowered with
/// ``runIdle(onCPU:)``), that runs its body until the body finishes or ``stop()`` is
/// asked. ``stop()`` joins the thread exactly once, from
/// whichever thread calls it first; later calls return at once. The stop request is an
/// atomic and the handle sits behind a ``PosixMutex``, so ThreadSanitizer sees every handover.
///
/// A new device reader needs no thread code of its own: it gives ``start(fifoPriority:round:)``
/// one round of its work, and waits inside it with ``rest(micros:)`` or its device's own timeout.
public final class WorkerThread: Sendable {
    /// What a round asks for next.
    public enum Next: Sendable {
        /// Run another round, unless a stop was asked.
        case again
        /// The work is over; the thread returns.
        case finished
    }

    /// The thread's name as `ps -L` and `top -H` show it (its first 15 bytes).
    public let name: String
    private let stopFlag = Atomic<Bool>(false)
    private let thread = PosixMutex<PosixThread?>(nil)
    /// Longest single sleep in ``rest(micros:)`` before the stop request is looked at again (µs).
    public static let sliceMicros: Int64 = 10_000

    public init(name: String) {
        self.name = name
    }

    /// Starts the thread, which calls `round` until it returns ``Next/finished`` or a stop
    /// is asked. With `fifoPriority` the thread is raised to `SCHED_FIFO` at that priority;
    /// refused, it runs with normal scheduling (``fifoPriority`` says which).
    public func start(fifoPriority: Int? = nil, round: @escaping @Sendable () -> Next) throws(DeviceError) {
        let name = name
        let started = try PosixThread { [self] in
            _ = fp_rt_set_name(pthread_self(), name)
            while !isStopRequested, round() == .again {}
        }
        if let fifoPriority { _ = started.raiseToFIFO(priority: fifoPriority) }
        thread.withLock { $0 = started }
    }

    /// Pins the running thread to `cpu` and puts it at `SCHED_IDLE` (it then runs only when
    /// nothing else on that CPU wants to); nil when done, else why not.
    public func runIdle(onCPU cpu: Int) -> DeviceError? {
        guard let handle = thread.withLock({ $0?.handle }) else {
            return DeviceError(operation: "place thread \(name)", errno: ESRCH, hint: "start it first")
        }
        let pinned = fp_rt_pin_to_cpu(handle, Int32(cpu))
        guard pinned == 0 else {
            return DeviceError(operation: "pin thread \(name) to CPU \(cpu)", errno: -pinned, hint: "choose a CPU the process may use")
        }
        let lowered = fp_rt_set_idle(handle)
        guard lowered == 0 else {
            return DeviceError(operation: "put thread \(name) at SCHED_IDLE", errno: -lowered, hint: "the kernel refused the policy")
        }
        return nil
    }

    /// Whether ``stop()`` was asked; a body that loops by itself looks at it.
    public var isStopRequested: Bool { stopFlag.load(ordering: .acquiring) }

    /// The thread's `SCHED_FIFO` priority, or nil under normal scheduling (or stopped).
    public var fifoPriority: Int? { thread.withLock { $0?.fifoPriority } }

    /// Sleeps `micros` on the calling (worker) thread, or less once a stop is asked (within
    /// ``sliceMicros``); returns whether the thread should go on.
    @discardableResult
    public func rest(micros: Int64) -> Bool {
        let clock = MonotonicClock()
        let end = clock.nowMicros() + micros
        while !isStopRequested {
            let left = end - clock.nowMicros()
            if left <= 0 { return true }
            LoopWait.pause(micros: min(left, Self.sliceMicros))
        }
        return false
    }

    /// Asks the thread to return and waits for it; does nothing once stopped.
    public func stop() {
        stopFlag.store(true, ordering: .releasing)
        join()
    }

    /// Waits for a thread whose work ends by itself (``Next/finished``) to return; does
    /// nothing once joined.
    public func join() {
        let running = thread.withLock { started in
            defer { started = nil }
            return started
        }
        running?.join()
    }
}
