import Glibc

/// Asks the kernel for a CPU wake-up latency of 0 µs (`/dev/cpu_dma_latency`, the power
/// management QoS interface) for as long as it is held, as `cyclictest` does by default during
/// its run: deep idle states are then not entered. The benchmark holds it while the control
/// loop runs too, so both sides are measured on a machine tuned alike.
final class CPUWakeLatencyHold {
    private var descriptor: Int32
    /// Why the request could not be made, or nil while it is held.
    let refusal: String?

    init() {
        descriptor = open("/dev/cpu_dma_latency", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            refusal = "/dev/cpu_dma_latency: \(String(cString: strerror(errno)))"
            return
        }
        var target: Int32 = 0
        guard write(descriptor, &target, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size else {
            refusal = "/dev/cpu_dma_latency: \(String(cString: strerror(errno)))"
            close(descriptor)
            descriptor = -1
            return
        }
        refusal = nil
    }

    /// Ends the request (the kernel drops it when the file is closed).
    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { release() }
}
