/// Whether the loop's CPU is kept polling instead of halting while the loop sleeps
/// (``IdleCPUPoller``), as `--idle-poll` asks.
///
/// A real CPU leaves its idle state in microseconds once the 0 µs wake-up latency is held
/// (``CPUWakeLatencyRequest``): the kernel's cpuidle governor then stays in its polling state.
/// A virtual CPU that halts hands its physical CPU back to the hypervisor, and its timer
/// interrupt waits until the hypervisor runs it again: on a shared host, milliseconds (seen on
/// an idle 2-CPU virtual machine: `cyclictest` average 52–120 µs, maximum 10–13 ms; the loop
/// skipped up to 5 % of its periods, so nearly every press of a trial was left out of the
/// verdict). A guest kernel without a cpuidle driver cannot honour the latency request at all.
/// A thread that spins at `SCHED_IDLE` on the loop's CPU keeps that CPU from halting and yields
/// to any other thread at once: on that machine the loop's lateness p99.9 went from 2–3 ms to
/// 25–58 µs, and no period was skipped (docs/performance.md).
public enum IdleCPUPolling: String, Sendable, Equatable, CaseIterable {
    /// Poll when a hardware-assisted hypervisor runs the CPU (``IdleCPUMachine``) and the
    /// kernel has no cpuidle driver (the default under real-time scheduling).
    case auto
    /// Always poll the loop's CPU (a virtual machine ``auto`` cannot recognise, such as an
    /// arm64 one).
    case on
    /// Never poll (the default with `--no-rt`).
    case off

    /// Parses an `--idle-poll` value; nil for anything else.
    public init?(argument: String) { self.init(rawValue: argument) }

    /// Why the loop's CPU is polled on this machine (shown in `status` and `probe`), or nil
    /// when it is not.
    public func reason(on machine: IdleCPUMachine = .current()) -> String? {
        switch self {
        case .off: return nil
        case .on: return "asked with --idle-poll on"
        case .auto:
            guard let hypervisor = machine.hypervisor, machine.cpuidleDriver == nil else { return nil }
            return "virtual CPU under \(hypervisor), no cpuidle driver"
        }
    }
}
