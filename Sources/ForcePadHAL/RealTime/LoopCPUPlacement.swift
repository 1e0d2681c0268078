/// Where the loop thread runs: left to the kernel, pinned to a CPU the user names, or pinned
/// to the CPU that handles the fewest device interrupts (``DeviceInterruptCounts``).
///
/// On a kernel that does not preempt kernel code (`PREEMPT_NONE`, the default of most
/// distribution kernels) a thread woken on a CPU that is completing disk or network I/O waits
/// until that work reaches a point where it may be switched out: hundreds of microseconds
/// behind a block-completion worker, measured with `bench/wakeup-trace.py`
/// (docs/performance.md). Device interrupts, and the work they start, stay on the CPUs their
/// interrupts are routed to, so a thread kept off those CPUs is not woken late by them.
public enum LoopCPUPlacement: Sendable, Equatable, CustomStringConvertible {
    /// The kernel places the thread and may move it (`--cpu any`).
    case anyCPU
    /// Pinned to this CPU (`--cpu N`).
    case pinned(Int)
    /// Pinned to the CPU, among those the process may use, that has handled the fewest device
    /// interrupts since boot (`--cpu auto`, the default under real-time scheduling). Left to
    /// the kernel when the process may use only one CPU.
    case fewestDeviceInterrupts

    /// The `--cpu` value that asks for it: `any`, `auto` or the CPU number.
    public var description: String {
        switch self {
        case .anyCPU: "any"
        case .pinned(let cpu): String(cpu)
        case .fewestDeviceInterrupts: "auto"
        }
    }

    /// Parses a `--cpu` value (`auto`, `any`, or a CPU number from 0); nil for anything else.
    public init?(argument: String) {
        switch argument {
        case "auto": self = .fewestDeviceInterrupts
        case "any": self = .anyCPU
        default:
            guard argument.allSatisfy({ ("0"..."9").contains($0) }), let cpu = Int(argument) else { return nil }
            self = .pinned(cpu)
        }
    }
}
