import CSerial
import Glibc

/// A pseudo-terminal pair: a virtual serial line. A terminal program opens the subordinate
/// side by its path (`picocom /dev/pts/3`) as it would a serial device; this value holds
/// the controller side, which reads what that program sends and writes what it shows,
/// just as a UART's far end would. Tests open the subordinate side with a ``SerialPort``.
/// Dropping the value closes the controller side, which hangs up the subordinate side.
///
/// On the controller side, ``SerialReadResult/disconnected`` means no program has the
/// subordinate side open any more. The pair stays usable: reads deliver bytes again once a
/// program opens it. While nobody has it open, reads report the hang-up at once rather than
/// waiting, so pause before trying again.
public struct PseudoTerminal: ~Copyable, Sendable {
    /// The subordinate side's device, e.g. `/dev/pts/3`.
    public let subordinatePath: String
    /// The controller side's descriptor: non-blocking, closed on exec, owned by this value.
    public let controllerDescriptor: Int32

    /// Creates a pair and makes its subordinate side openable by any program of the user.
    public init() throws(DeviceError) {
        let controller = fp_pty_open_controller()
        guard controller >= 0 else {
            throw DeviceError(
                operation: "create a pseudo-terminal", errno: -controller,
                hint: "check that /dev/ptmx exists and /dev/pts is mounted")
        }
        var path = [CChar](repeating: 0, count: 128)
        let named = path.withUnsafeMutableBufferPointer { buffer in
            fp_pty_subordinate_path(controller, buffer.baseAddress, buffer.count)
        }
        guard named == 0 else {
            _ = close(controller)
            throw DeviceError(operation: "name the pseudo-terminal's subordinate side", errno: -named, hint: "")
        }
        subordinatePath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        controllerDescriptor = controller
    }

    deinit {
        _ = close(controllerDescriptor)
    }

    /// Waits up to `timeoutMilliseconds` (nil: as long as it takes) for what the program on
    /// the subordinate side wrote, then reads as much as fits in `buffer` (not empty).
    public func read(into buffer: inout MutableSpan<UInt8>, timeoutMilliseconds: Int?) throws(DeviceError)
        -> SerialReadResult
    {
        try TerminalDescriptorIO.read(
            controllerDescriptor, into: &buffer, timeoutMilliseconds: timeoutMilliseconds, deviceName: controllerName)
    }

    /// Sends all of `bytes` to the program on the subordinate side, waiting while its input
    /// is full, for at most `timeoutMilliseconds` in all (nil: as long as it takes).
    public func write(_ bytes: Span<UInt8>, timeoutMilliseconds: Int?) throws(DeviceError) -> SerialWriteResult {
        try TerminalDescriptorIO.write(
            controllerDescriptor, bytes, timeoutMilliseconds: timeoutMilliseconds, deviceName: controllerName)
    }

    private var controllerName: String { "the controller side of \(subordinatePath)" }
}
