/// What a ``RealTimeRequest`` got: which parts were granted and, for each refused part, a
/// one-line warning that says what to change.
public struct RealTimeOutcome: Sendable, Equatable {
    /// The `SCHED_FIFO` priority in force, or nil under normal scheduling.
    public var fifoPriority: Int?
    /// The CPU the thread is pinned to, or nil.
    public var cpu: Int?
    /// When the CPU was chosen by its device interrupts: each CPU's count since boot, as
    /// ``DeviceInterruptCounts/summary`` gives it; nil when the CPU was named or not pinned.
    public var cpuChoice: String?
    /// Whether memory is locked.
    public var memoryLocked: Bool
    /// Whether the CPU wake-up latency is held at 0 µs.
    public var cpuWakeLatencyLimited = false
    /// Why the loop's CPU is kept polling while idle (``IdleCPUPolling/reason(on:)``), or nil
    /// when it is not.
    public var idlePolled: String?
    /// One line per refused part.
    public var warnings: [String]

    public init(fifoPriority: Int?, cpu: Int?, memoryLocked: Bool, warnings: [String]) {
        self.fifoPriority = fifoPriority
        self.cpu = cpu
        self.memoryLocked = memoryLocked
        self.warnings = warnings
    }

    /// E.g. `SCHED_FIFO 80, CPU 1 (fewest device interrupts), memory locked, CPU wake-up latency 0us`
    /// (then `, polled while idle (virtual CPU under KVM, no cpuidle driver)` when it is)
    /// or `normal scheduling`.
    public var summary: String {
        var parts = [fifoPriority.map { "SCHED_FIFO \($0)" } ?? "normal scheduling"]
        if let cpu { parts.append("CPU \(cpu)" + (cpuChoice == nil ? "" : " (fewest device interrupts)")) }
        if memoryLocked { parts.append("memory locked") }
        if cpuWakeLatencyLimited { parts.append("CPU wake-up latency 0us") }
        if let idlePolled { parts.append("polled while idle (\(idlePolled))") }
        return parts.joined(separator: ", ")
    }
}
