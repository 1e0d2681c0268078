import CRealTime
import Glibc

extension PosixThread {
    /// Locks the process's current and future pages in memory when `request` asks for it,
    /// before the thread starts (locking later would stall it while pages are faulted in). Returns the outcome so far: memory locked, or a warning saying why not.
    private static func lockMemory(for request: RealTimeRequest) -> RealTimeOutcome {
        var outcome = RealTimeOutcome(fifoPriority: nil, cpu: nil, memoryLocked: false, warnings: [])
        guard request.lockMemory else { return outcome }
        let result = fp_rt_lock_memory()
        if result == 0 {
            outcome.memoryLocked = true
        } else {
            outcome.warnings.append(
                "memory not locked (mlockall: \(ErrnoText.describe(-result))): a page fault may delay a period;"
                    + " raise the memlock limit (ulimit -l, /etc/security/limits.d) or pass --no-rt")
        }
        return outcome
    }

    /// Starts `body` on a new thread that first takes `request`'s priority and CPU (so its
    /// first period already runs where and how it will stay), locking memory beforehand.
    /// Returns once the thread has applied them, with what it got.
    public static func startRealTime(
        _ request: RealTimeRequest, body: @escaping @Sendable () -> Void
    ) throws(DeviceError) -> (thread: PosixThread, outcome: RealTimeOutcome) {
        let handoff = RealTimeHandoff(lockMemory(for: request))
        let thread = try PosixThread {
            var outcome = handoff.initial
            apply(request, to: pthread_self(), into: &outcome)
            handoff.applied.withLock { $0 = outcome }
            body()
        }
        while true {
            if let outcome = handoff.applied.withLock({ $0 }) { return (thread, outcome) }
            usleep(100)
        }
    }

    /// Applies `request`'s priority and CPU to `handle` and adds what it got to `outcome`.
    /// Never fails: what the system refuses is reported in the outcome's warnings and the
    /// thread keeps running as it was.
    private static func apply(_ request: RealTimeRequest, to handle: pthread_t, into outcome: inout RealTimeOutcome) {
        if let cpu = request.cpu {
            let available = fp_rt_allowed_cpu_count()
            let result = fp_rt_pin_to_cpu(handle, Int32(cpu))
            if result == 0 {
                outcome.cpu = cpu
            } else {
                outcome.warnings.append(
                    "loop not pinned to CPU \(cpu) (\(ErrnoText.describe(-result))): choose a CPU from 0 to \(max(available, 1) - 1)")
            }
        }
        if let priority = request.fifoPriority {
            let result = fp_rt_set_fifo(handle, Int32(priority))
            if result == 0 {
                outcome.fifoPriority = priority
            } else {
                outcome.warnings.append(
                    "real-time scheduling refused (SCHED_FIFO \(priority): \(ErrnoText.describe(-result))); the loop runs"
                        + " with normal scheduling and may be late under load: grant CAP_SYS_NICE or an rtprio limit"
                        + " (/etc/security/limits.d), or pass --no-rt to silence this")
            }
        }
    }

    /// The thread's scheduling as the kernel reports it: its `SCHED_FIFO` priority, or nil.
    public var fifoPriority: Int? {
        var priority: Int32 = 0
        return fp_rt_policy(handle, &priority) == SCHED_FIFO ? Int(priority) : nil
    }
}
