import ForcePadCore
import Glibc
import Testing

@testable import ForcePadHAL

/// The serial port on the subordinate side of a real pseudo-terminal pair, the controller
/// side standing in for the far end of the cable.
@Suite struct SerialPortTests {
    /// Reads from `read` until `count` bytes came or a read times out or disconnects.
    private func receive(
        _ count: Int, timeoutMilliseconds: Int = 2_000,
        _ read: (inout MutableSpan<UInt8>) throws(DeviceError) -> SerialReadResult
    ) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.count < count {
            var span = buffer.mutableSpan
            let result = try read(&span)
            guard case .received(let byteCount) = result else { break }
            received += buffer[..<byteCount]
        }
        return received
    }

    @Test func configuresRawAt115200() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        #expect(port.baud == 115_200)
        #expect(try port.configuredBaud() == 115_200)
    }

    @Test(arguments: SerialPortDescription.supportedBauds)
    func everySupportedBaudIsTakenByTheDriver(baud: Int) throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: baud)
        #expect(try port.configuredBaud() == baud)
    }

    @Test func bytesFromTheFarEndArriveUnchanged() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        let sent: [UInt8] = Array("status\r\n".utf8) + [0x03, 0x1B, 0x5B, 0x41, 0x00, 0xFF, 0x7F, 0x11, 0x13]
        #expect(try terminal.write(sent.span, timeoutMilliseconds: 1_000) == .written)
        let received = try receive(sent.count) { (span) throws(DeviceError) in
            try port.read(into: &span, timeoutMilliseconds: 1_000)
        }
        #expect(received == sent)
    }

    @Test func bytesWrittenReachTheFarEndWithoutLineEndingTranslation() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        let sent = Array("ok\nforcepad> \r\n".utf8)
        #expect(try port.write(sent.span, timeoutMilliseconds: 1_000) == .written)
        let received = try receive(sent.count) { (span) throws(DeviceError) in
            try terminal.read(into: &span, timeoutMilliseconds: 1_000)
        }
        #expect(received == sent)
    }

    @Test func aReadWithNothingToReadTimesOut() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        var buffer = [UInt8](repeating: 0, count: 16)
        var span = buffer.mutableSpan
        let clock = MonotonicClock()
        let start = clock.nowMicros()
        #expect(try port.read(into: &span, timeoutMilliseconds: 50) == .timedOut)
        let elapsed = clock.nowMicros() - start
        #expect(elapsed >= 50_000 && elapsed < 1_000_000)
    }

    @Test func closingTheFarEndIsADisconnectNotAnError() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        _ = consume terminal
        var buffer = [UInt8](repeating: 0, count: 16)
        var span = buffer.mutableSpan
        #expect(try port.read(into: &span, timeoutMilliseconds: 1_000) == .disconnected)
        #expect(try port.read(into: &span, timeoutMilliseconds: nil) == .disconnected)
        #expect(try port.write(Array("lost\r\n".utf8).span, timeoutMilliseconds: 1_000) == .disconnected)
    }

    @Test func aFarEndThatStopsReadingMakesAWriteTimeOutPartWay() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 921_600)
        let bytes = [UInt8](repeating: 0x55, count: 1 << 20)
        let result = try port.write(bytes.span, timeoutMilliseconds: 100)
        guard case .timedOut(let written) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(written > 0 && written < bytes.count)
    }

    @Test func openingAMissingDeviceSaysHowToEnableTheUART() {
        let error = #expect(throws: DeviceError.self) {
            _ = try SerialPort(devicePath: "/dev/serial-missing", baud: 115_200)
        }
        #expect(error?.errno == ENOENT)
        #expect(
            error?.description
                == "open /dev/serial-missing failed: No such file or directory (ENOENT): no serial device at"
                + " /dev/serial-missing: enable the UART (enable_uart=1) or check the device name")
    }

    @Test func anUnsupportedBaudIsRefusedBeforeOpening() {
        let error = #expect(throws: DeviceError.self) {
            _ = try SerialPort(devicePath: "/dev/serial-missing", baud: 12_345)
        }
        #expect(error?.errno == 0)
        #expect(
            error?.description
                == "open /dev/serial-missing at 12345 baud failed: 12345 baud is not supported:"
                + " use one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600")
    }

    @Test func aFileThatIsNotATerminalIsNamedAsSuch() {
        let error = #expect(throws: DeviceError.self) {
            _ = try SerialPort(devicePath: "/dev/null", baud: 115_200)
        }
        #expect(error?.errno == ENOTTY)
        #expect(error?.description.hasPrefix("claim /dev/null failed: ") == true)
        #expect(error?.description.hasSuffix("(ENOTTY): /dev/null is not a serial device: check the device name") == true)
    }

    /// Root is not bound by `TIOCEXCL`, so the second open gets through and the lock refuses it.
    @Test func aSecondPortOnTheSameLineIsRefusedEvenForRoot() throws {
        let terminal = try PseudoTerminal()
        let first = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        let error = #expect(throws: DeviceError.self) {
            _ = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        }
        #expect(error?.errno == (geteuid() == 0 ? EWOULDBLOCK : EBUSY))
        #expect(error?.description.hasSuffix("stop it or choose another device") == true)
        withExtendedLifetime(first) {}
    }

    @Test func permissionAndBusyErrorsSayWhatToDo() {
        #expect(
            SerialPort.hint(for: EACCES, devicePath: "/dev/serial0")
                == "add the user to the dialout group (sudo adduser $USER dialout) and log in again")
        #expect(
            SerialPort.hint(for: EBUSY, devicePath: "/dev/ttyGS0")
                == "/dev/ttyGS0 is in use by another program (a terminal program, or a login console on that line):"
                + " stop it or choose another device")
        #expect(
            SerialPort.hint(for: ENXIO, devicePath: "/dev/ttyAMA1")
                == "no serial device at /dev/ttyAMA1: enable the UART (enable_uart=1) or check the device name")
    }
}
