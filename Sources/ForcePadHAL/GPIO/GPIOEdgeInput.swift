import CGPIOD
import ForcePadCore
import Glibc

/// A GPIO line requested as an input that reports its rising and falling edges with the
/// kernel's CLOCK_MONOTONIC timestamps, found by name or by chip and offset: the feedback
/// wire from the haptic output (board file `[feedback]`).
///
/// Not for the real-time loop: ``waitForEdge(timeoutMicros:)`` blocks. Dropping the value
/// releases the line and its chip.
///
/// Unchecked `Sendable`: the libgpiod handle has no thread affinity, and being noncopyable
/// the input has one owner at a time.
public struct GPIOEdgeInput: ~Copyable, @unchecked Sendable {
    /// Where the line was found: chip, offset and name.
    public let identity: GPIOLineIdentity
    private let input: OpaquePointer

    /// Finds `line` and requests it as an input with edge events on both edges. `consumer`
    /// is the name `gpioinfo` shows for the line's user, e.g. `forcepad`.
    public init(_ line: GPIOLineDescription, consumer: String) throws(DeviceError) {
        var code: Int32 = 0
        var failedStep = fp_gpio_open_step.FP_GPIO_OPEN_STEP_NONE
        guard let input = fp_gpio_input_open(line.chip, line.name, UInt32(line.offset ?? 0), consumer, &code, &failedStep)
        else {
            throw GPIOOpenError(line: line, table: "feedback", use: "an input with edge events")
                .error(code: -code, failedStep: failedStep)
        }
        self.input = input
        identity = GPIOLineIdentity(fp_gpio_input_info(input))
    }

    deinit {
        fp_gpio_input_close(input)
    }

    /// Waits at most `timeoutMicros` µs for an edge; true when one is waiting to be read.
    public func waitForEdge(timeoutMicros: Int64) throws(DeviceError) -> Bool {
        let result = fp_gpio_input_wait(input, timeoutMicros * 1_000)
        guard result >= 0 else { throw failure("wait for an edge on", code: -result) }
        return result > 0
    }

    /// Takes the oldest waiting edge (blocks until one comes when none is waiting).
    public func readEdge() throws(DeviceError) -> GPIOEdge {
        var edge = fp_gpio_edge()
        let result = fp_gpio_input_read(input, &edge)
        guard result == 0 else { throw failure("read an edge of", code: -result) }
        return GPIOEdge(rising: edge.rising != 0, monotonicNanos: Int64(edge.timestamp_ns))
    }

    private func failure(_ action: String, code: Int32) -> DeviceError {
        let hint =
            code == ENODEV
            ? "the GPIO chip \(identity.chipPath) went away: check the board and restart"
            : "see gpioinfo for the state of \(identity.summary)"
        return DeviceError(operation: "\(action) GPIO line \(identity.summary)", errno: code, hint: hint)
    }
}
