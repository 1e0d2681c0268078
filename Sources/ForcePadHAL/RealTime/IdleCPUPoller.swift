import CRealTime

/// A thread that keeps one CPU from halting (``IdleCPUPolling``): pinned to the loop's CPU
/// at `SCHED_IDLE`, it spins on its stop flag, so the CPU always has something to run and
/// never hands itself back to a hypervisor while the loop sleeps. Any other thread on that
/// CPU, the loop first, takes the CPU from it at once; it allocates nothing, takes no lock and
/// makes no call while it spins. Stopped by ``stop()``, or when released.
public final class IdleCPUPoller: Sendable {
    /// The CPU it keeps awake.
    public let cpu: Int
    private let worker = WorkerThread(name: IdleCPUPoller.threadName)

    /// The name `ps -L` and `top -H` show.
    public static let threadName = "fp-idle-poll"

    /// Starts the thread on `cpu`; fails, leaving nothing running, when it cannot start, be
    /// pinned there or be put at `SCHED_IDLE`.
    public init(cpu: Int) throws(DeviceError) {
        self.cpu = cpu
        let worker = worker
        try worker.start {
            while !worker.isStopRequested {}
            return .finished
        }
        if let refusal = worker.runIdle(onCPU: cpu) {
            worker.stop()
            throw refusal
        }
    }

    /// Stops the thread and waits for it; does nothing once stopped.
    public func stop() { worker.stop() }

    deinit { worker.stop() }
}
