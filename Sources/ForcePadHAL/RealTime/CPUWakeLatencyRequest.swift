import Glibc

/// Asks the kernel for a CPU wake-up latency of 0 µs through the power-management QoS
/// interface (`/dev/cpu_dma_latency`) for as long as it is held, as `cyclictest` does by
/// default: deep idle states, whose exit can take hundreds of microseconds, are then not
/// entered, so the loop thread wakes promptly at its deadline. Costs some idle power.
public final class CPUWakeLatencyRequest: Sendable {
    private let descriptor: Int32
    /// Why the request could not be made (e.g. not permitted), or nil while it is held.
    public let refusal: String?

    public init() {
        let opened = open("/dev/cpu_dma_latency", O_RDWR | O_CLOEXEC)
        guard opened >= 0 else {
            descriptor = -1
            refusal = "/dev/cpu_dma_latency: \(ErrnoText.describe(errno))"
            return
        }
        var target: Int32 = 0
        guard write(opened, &target, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size else {
            refusal = "/dev/cpu_dma_latency: \(ErrnoText.describe(errno))"
            close(opened)
            descriptor = -1
            return
        }
        descriptor = opened
        refusal = nil
    }

    /// The kernel drops the request when the file is closed.
    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
