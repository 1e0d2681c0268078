import CSerial
import ForcePadCore
import Glibc

/// A serial line (`/dev/serial0` for the Pi's UART, `/dev/ttyGS0` for a USB gadget console)
/// opened for the shell: raw mode, 8 data bits, no parity, one stop bit, no flow control,
/// modem lines ignored. The descriptor closes when the port is dropped.
///
/// Opening claims the line: other programs (root aside) cannot open it until the port is
/// dropped (`TIOCEXCL`), and the descriptor holds an exclusive `flock`, which root is bound by
/// too, so two ForcePads never share a line; a refusal names the holder when it can be found. Reads wait with a timeout; writes hand over every byte, waiting while the driver's
/// buffer is full. A hang-up (the USB cable pulled, the other side of a pseudo-terminal
/// closed) is a ``SerialReadResult/disconnected`` or ``SerialWriteResult/disconnected``
/// result rather than an error: drop the port, wait, and open it again.
public struct SerialPort: ~Copyable, Sendable {
    /// The device, e.g. `/dev/serial0`.
    public let devicePath: String
    /// Bits per second, both ways: one of ``SerialPortDescription/supportedBauds``.
    public let baud: Int
    private let descriptor: Int32

    /// Opens `devicePath` (read-write, non-blocking, not as the controlling terminal,
    /// closed on exec) and configures it as described above at `baud` bits per second.
    public init(devicePath: String, baud: Int) throws(DeviceError) {
        guard SerialPortDescription.supportedBauds.contains(baud) else {
            let bauds = SerialPortDescription.supportedBauds.map(String.init).joined(separator: ", ")
            throw DeviceError(
                operation: "open \(devicePath) at \(baud) baud", errno: 0,
                hint: "\(baud) baud is not supported: use one of \(bauds)")
        }
        let opened = fp_serial_open(devicePath)
        guard opened >= 0 else {
            throw DeviceError(
                operation: "open \(devicePath)", errno: -opened, hint: Self.hint(for: -opened, devicePath: devicePath))
        }
        let claimed = fp_serial_claim_exclusive(opened)
        guard claimed == 0 else {
            _ = close(opened)
            throw DeviceError(
                operation: "claim \(devicePath)", errno: -claimed, hint: Self.hint(for: -claimed, devicePath: devicePath))
        }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            _ = close(opened)
            let hint =
                code == EWOULDBLOCK
                ? "\(devicePath) is locked by \(DeviceHolder.describe(devicePath) ?? "another program"): stop it or choose another device"
                : Self.hint(for: code, devicePath: devicePath)
            throw DeviceError(operation: "lock \(devicePath)", errno: code, hint: hint)
        }
        let configured = fp_serial_configure_raw(opened, UInt32(baud))
        guard configured == 0 else {
            _ = fp_serial_close(opened)
            let hint =
                -configured == EINVAL
                ? "the driver of \(devicePath) refused \(baud) baud: choose another speed"
                : Self.hint(for: -configured, devicePath: devicePath)
            throw DeviceError(
                operation: "configure \(devicePath) as raw 8N1 at \(baud) baud", errno: -configured, hint: hint)
        }
        self.devicePath = devicePath
        self.baud = baud
        descriptor = opened
    }

    deinit {
        _ = fp_serial_close(descriptor)
    }

    /// The speed the driver reports for the line now, in bits per second.
    public func configuredBaud() throws(DeviceError) -> Int {
        let result = fp_serial_read_baud(descriptor)
        guard result > 0 else {
            throw DeviceError(
                operation: "read the speed of \(devicePath)", errno: -result,
                hint: Self.hint(for: -result, devicePath: devicePath))
        }
        return Int(result)
    }

    /// Waits up to `timeoutMilliseconds` (nil: as long as it takes) for bytes, then reads as
    /// many as have arrived and fit in `buffer` (which must not be empty) into its start.
    public func read(into buffer: inout MutableSpan<UInt8>, timeoutMilliseconds: Int?) throws(DeviceError)
        -> SerialReadResult
    {
        try TerminalDescriptorIO.read(
            descriptor, into: &buffer, timeoutMilliseconds: timeoutMilliseconds, deviceName: devicePath)
    }

    /// Writes all of `bytes`, waiting while the line is busy, for at most
    /// `timeoutMilliseconds` in all (nil: as long as it takes).
    public func write(_ bytes: Span<UInt8>, timeoutMilliseconds: Int?) throws(DeviceError) -> SerialWriteResult {
        try TerminalDescriptorIO.write(
            descriptor, bytes, timeoutMilliseconds: timeoutMilliseconds, deviceName: devicePath)
    }

    /// The size the kernel holds for the line's terminal; nil when none was set (``TerminalSize/kernel(descriptor:)``).
    public func terminalSize() -> TerminalSize? {
        TerminalSize.kernel(descriptor: descriptor)
    }

    /// Drops the bytes written but not yet sent (so closing the line, or exiting, never
    /// waits for a far end that does not read).
    public func discardPendingOutput() {
        _ = tcflush(descriptor, TCOFLUSH)
    }

    /// What the operator should check after `code` from the serial device at `devicePath`.
    static func hint(for code: Int32, devicePath: String) -> String {
        switch code {
        case ENOENT, ENXIO, ENODEV:
            "no serial device at \(devicePath): enable the UART (enable_uart=1) or check the device name"
        case EACCES, EPERM:
            "add the user to the dialout group (sudo adduser $USER dialout) and log in again"
        case EBUSY:
            "\(devicePath) is in use by \(DeviceHolder.describe(devicePath) ?? "another program") (a terminal program, or a login console on that line):"
                + " stop it or choose another device"
        case ENOTTY:
            "\(devicePath) is not a serial device: check the device name"
        case EIO:
            "\(devicePath) reported an I/O error: check the cable or USB connection, then try again"
        default:
            ""
        }
    }
}
