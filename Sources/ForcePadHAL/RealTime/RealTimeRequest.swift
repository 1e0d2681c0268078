/// How the loop thread asks to be scheduled: `SCHED_FIFO` at a priority, on a CPU chosen as
/// ``LoopCPUPlacement`` says, with the process's memory locked. Each part is asked for separately and may be refused
/// separately (``RealTimeOutcome``).
public struct RealTimeRequest: Sendable, Equatable {
    /// `SCHED_FIFO` priority, 1 to 99; nil keeps normal scheduling.
    public var fifoPriority: Int?
    /// Which CPU the loop thread runs on.
    public var placement: LoopCPUPlacement
    /// Whether to lock pages in memory (`mlockall`, as they are first touched), so once the
    /// loop has run a period its pages are never paged out and a page fault never delays it.
    public var lockMemory: Bool
    /// Whether to hold the CPU wake-up latency at 0 µs while running
    /// (``CPUWakeLatencyRequest``), as `cyclictest` does.
    public var limitsCPUWakeLatency: Bool
    /// Whether the loop's CPU is kept polling while the loop sleeps (``IdleCPUPoller``); only
    /// a loop pinned to a CPU is.
    public var idlePolling: IdleCPUPolling

    /// Priority used when none is given: above the kernel's threaded interrupts (50) so an
    /// I2C interrupt thread cannot starve the loop, and below the watchdogs (99).
    public static let defaultFIFOPriority = 80

    public init(
        fifoPriority: Int?, placement: LoopCPUPlacement, lockMemory: Bool, limitsCPUWakeLatency: Bool = false,
        idlePolling: IdleCPUPolling = .off
    ) {
        self.fifoPriority = fifoPriority
        self.placement = placement
        self.lockMemory = lockMemory
        self.limitsCPUWakeLatency = limitsCPUWakeLatency
        self.idlePolling = idlePolling
    }

    /// The default: `SCHED_FIFO` at ``defaultFIFOPriority``, memory locked, CPU wake-up
    /// latency held at 0 µs, pinned to the CPU with the fewest device interrupts, which is kept
    /// polling while idle on a virtual machine (``IdleCPUPolling/auto``).
    public static let standard = RealTimeRequest(
        fifoPriority: defaultFIFOPriority, placement: .fewestDeviceInterrupts, lockMemory: true, limitsCPUWakeLatency: true,
        idlePolling: .auto)

    /// Nothing asked (`--no-rt`): normal scheduling, no memory locking, the kernel places it.
    public static let none = RealTimeRequest(fifoPriority: nil, placement: .anyCPU, lockMemory: false)
}
