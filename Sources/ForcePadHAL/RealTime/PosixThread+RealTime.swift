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

    /// Applies `request`'s CPU placement and priority to `handle` and adds what it got to `outcome`.
    /// Never fails: what the system refuses is reported in the outcome's warnings and the
    /// thread keeps running as it was.
    private static func apply(_ request: RealTimeRequest, to handle: pthread_t, into outcome: inout RealTimeOutcome) {
        switch request.placement {
        case .anyCPU:
            break
        case .pinned(let cpu):
            pin(handle, to: cpu, into: &outcome)
        case .fewestDeviceInterrupts:
            do {
                let interrupts = try DeviceInterruptCounts.read()
                if let cpu = interrupts.quietestCPU(among: allowedCPUs()) {
                    pin(handle, to: cpu, into: &outcome)
                    if outcome.cpu != nil { outcome.cpuChoice = interrupts.summary }
                }
            } catch {
                outcome.warnings.append(
                    "loop CPU not chosen (\(error.description)): the kernel places it; pin it with --cpu N")
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

    /// Pins `handle` to `cpu`, or adds a warning saying why it could not.
    private static func pin(_ handle: pthread_t, to cpu: Int, into outcome: inout RealTimeOutcome) {
        let result = fp_rt_pin_to_cpu(handle, Int32(cpu))
        if result == 0 {
            outcome.cpu = cpu
        } else {
            let available = fp_rt_allowed_cpu_count()
            outcome.warnings.append(
                "loop not pinned to CPU \(cpu) (\(ErrnoText.describe(-result))): choose a CPU from 0 to \(max(available, 1) - 1)")
        }
    }

    /// The CPUs the calling thread may run on (its affinity mask, inherited from the process
    /// unless the thread was pinned), ascending; empty if unreadable.
    public static func allowedCPUs() -> [Int] {
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = cpus.withUnsafeMutableBufferPointer { fp_rt_allowed_cpus($0.baseAddress, Int32($0.count)) }
        return count > 0 ? cpus[..<Int(count)].map(Int.init) : []
    }

    /// Moves the thread to `SCHED_FIFO` at `priority`; nil when done, else the errno refusal.
    public func raiseToFIFO(priority: Int) -> Int32? {
        let result = fp_rt_set_fifo(handle, Int32(priority))
        return result == 0 ? nil : -result
    }

    /// The thread's scheduling as the kernel reports it: its `SCHED_FIFO` priority, or nil.
    public var fifoPriority: Int? {
        var priority: Int32 = 0
        return fp_rt_policy(handle, &priority) == SCHED_FIFO ? Int(priority) : nil
    }
}
