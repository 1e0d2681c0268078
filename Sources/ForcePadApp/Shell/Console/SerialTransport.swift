import ForcePadCore
import ForcePadHAL
import Glibc
import Logging
import Synchronization

/// The interactive shell on a serial line (a UART such as /dev/serial0, a USB gadget such as
/// /dev/ttyGS0, or a pseudo-terminal). When the far end hangs up or the device vanishes, the
/// port is closed and reopened every half second until it is back; the controller keeps
/// running meanwhile. Lines end with CRLF.
final class SerialTransport: ConsoleTransport, @unchecked Sendable {
    let devicePath: String
    let baud: Int
    let allowsQuit = false
    private(set) lazy var output = ConsoleOutput(newline: "\r\n") { [unowned self] text in self.send(text) }
    private let logger: Logger
    /// Guards `port` between the shell thread (reads, reopening) and printers (writes).
    private let lock = PosixMutex(())
    private var port: SerialPort?
    /// When the last attempt to reopen was made (µs, monotonic), nil before the first.
    private var lastAttemptMicros: Int64?
    private var reportedFailure = false

    /// Time between two attempts to open the device (µs).
    static let retryMicros: Int64 = 500_000

    /// Opens the port, or fails with the device's error (checked at start so a wrong device
    /// name is reported at once rather than retried forever).
    init(devicePath: String, baud: Int, logger: Logger) throws(DeviceError) {
        self.devicePath = devicePath
        self.baud = baud
        self.logger = logger
        port = try SerialPort(devicePath: devicePath, baud: baud)
    }

    func read(timeoutMilliseconds: Int) -> ConsoleInput {
        if let reopened = reopenIfClosed(waitMilliseconds: timeoutMilliseconds) { return reopened }
        var bytes = [UInt8](repeating: 0, count: 256)
        let result: SerialReadResult
        do {
            result = try lock.withLock { _ throws(DeviceError) -> SerialReadResult in
                var span = bytes.mutableSpan
                return try port!.read(into: &span, timeoutMilliseconds: timeoutMilliseconds)
            }
        } catch {
            logger.error("serial console \(devicePath): \(error.description)")
            close()
            return .timedOut
        }
        switch result {
        case .received(let count): return .bytes(Array(bytes[0..<count]))
        case .timedOut: return .timedOut
        case .disconnected:
            logger.notice("serial console \(devicePath) disconnected; waiting for it to come back")
            close()
            return .timedOut
        }
    }

    private func close() {
        lock.withLock { _ in port = nil }
    }

    /// While the port is closed: tries to open it again every ``retryMicros``; `.connected`
    /// once it is open, `.timedOut` meanwhile (after waiting out the read timeout).
    private func reopenIfClosed(waitMilliseconds: Int) -> ConsoleInput? {
        let isOpen = lock.withLock { _ in port != nil }
        if isOpen { return nil }
        let now = MonotonicClock().nowMicros()
        if lastAttemptMicros.map({ now - $0 >= Self.retryMicros }) ?? true {
            lastAttemptMicros = now
            do {
                try lock.withLock { _ throws(DeviceError) in port = try SerialPort(devicePath: devicePath, baud: baud) }
                reportedFailure = false
                logger.notice("serial console \(devicePath) is back")
                return .connected
            } catch {
                if !reportedFailure { logger.warning("serial console: \(error.description); retrying") }
                reportedFailure = true
            }
        }
        usleep(useconds_t(waitMilliseconds * 1000))
        return .timedOut
    }

    private func send(_ text: String) {
        let bytes = Array(text.utf8)
        lock.withLock { _ in
            guard port != nil else { return }
            _ = try? port!.write(bytes.span, timeoutMilliseconds: 1000)
        }
    }
}
