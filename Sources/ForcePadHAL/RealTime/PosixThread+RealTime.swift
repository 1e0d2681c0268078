import CRealTime
import Glibc

extension PosixThread {
    /// Applies `request` to this thread (priority, CPU) and to the process (memory lock).
    /// Never fails: what the system refuses is reported in the outcome's warnings and the
    /// thread keeps running as it was.
    public func apply(_ request: RealTimeRequest) -> RealTimeOutcome {
        var outcome = RealTimeOutcome(fifoPriority: nil, cpu: nil, memoryLocked: false, warnings: [])
        if request.lockMemory {
            let result = fp_rt_lock_memory()
            if result == 0 {
                outcome.memoryLocked = true
            } else {
                outcome.warnings.append(
                    "memory not locked (mlockall: \(ErrnoText.describe(-result))): a page fault may delay a period;"
                        + " raise the memlock limit (ulimit -l, /etc/security/limits.d) or pass --no-rt")
            }
        }
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
        return outcome
    }

    /// The thread's scheduling as the kernel reports it: its `SCHED_FIFO` priority, or nil.
    public var fifoPriority: Int? {
        var priority: Int32 = 0
        return fp_rt_policy(handle, &priority) == SCHED_FIFO ? Int(priority) : nil
    }
}
