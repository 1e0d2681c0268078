import ForcePadCore
import ForcePadHAL
import Glibc
import Logging
import Synchronization

/// The interactive shell on a serial line (a UART such as /dev/serial0, a USB gadget such as
/// /dev/ttyGS0, or a pseudo-terminal). When the far end hangs up or the device vanishes, the
/// port is closed and reopened every half second until it is back; the controller keeps
/// running meanwhile. Lines end with CRLF.
///
/// Output never waits for the far end: it goes into a queue of at most ``queueCapacity``
/// bytes (four seconds of the line at its baud rate, at least 16 KiB) that is sent as the line takes it (on every write and every read). Text that does
/// not fit is dropped whole and counted; once the queue has drained, a warning line says how
/// many bytes were lost.
final class SerialTransport: ConsoleTransport, @unchecked Sendable {
    let devicePath: String
    let baud: Int
    let allowsQuit = false
    private(set) lazy var output = ConsoleOutput(newline: "\r\n", lineBytesPerSecond: baud / 10) { [unowned self] text in self.send(text) }
    private let logger: Logger
    /// Guards `port` between the shell thread (reads, reopening) and printers (writes).
    private let lock = PosixMutex(())
    private var port: SerialPort?
    /// When the last attempt to reopen was made (µs, monotonic), nil before the first.
    private var lastAttemptMicros: Int64?
    private var reportedFailure = false
    /// Most bytes of output waiting for a far end that does not read: four seconds of the
    /// line (10 bits a byte), so a reader that stalls for a moment (a loaded host) loses
    /// nothing, and at least 16 KiB.
    let queueCapacity: Int
    /// Bytes waiting for the line to take them (at most ``queueCapacity``).
    private var queue: [UInt8] = []
    /// Bytes dropped since the last warning because the queue was full.
    private var droppedBytes = 0
    /// The line that reports `droppedBytes` bytes lost, in the shell's mode (``describeDroppedOutput(with:)``).
    private var droppedNote: @Sendable (Int) -> String = { WarningText.line(droppedMessage($0), source: "serial", mode: .human, atMicros: 0) }
    /// Set once the process is exiting: output is dropped from then on.
    private var abandoned = false

    /// What a warning says about `bytes` of output dropped.
    static func droppedMessage(_ bytes: Int) -> String {
        "\(CountText.of(bytes, "byte")) of output dropped: the serial line was not read"
    }

    /// Makes `note` write the line that reports dropped output (the shell's mode and the
    /// loop's time are known only once the controller runs).
    func describeDroppedOutput(with note: @escaping @Sendable (Int) -> String) {
        lock.withLock { _ in droppedNote = note }
    }

    /// Time between two attempts to open the device (µs).
    static let retryMicros: Int64 = 500_000

    /// Opens the port, or fails with the device's error (checked at start so a wrong device
    /// name is reported at once rather than retried forever).
    init(devicePath: String, baud: Int, logger: Logger) throws(DeviceError) {
        self.devicePath = devicePath
        self.baud = baud
        self.logger = logger
        queueCapacity = max(16 * 1024, baud / 10 * 4)
        port = try SerialPort(devicePath: devicePath, baud: baud)
    }

    func read(timeoutMilliseconds: Int) -> ConsoleInput {
        if let reopened = reopenIfClosed(waitMilliseconds: timeoutMilliseconds) { return reopened }
        var bytes = [UInt8](repeating: 0, count: 256)
        let result: SerialReadResult
        do {
            result = try lock.withLock { _ throws(DeviceError) -> SerialReadResult in
                sendQueued()
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

    func kernelTerminalSize() -> TerminalSize? {
        lock.withLock { _ in port?.terminalSize() }
    }

    private func close() {
        lock.withLock { _ in
            port = nil
            queue.removeAll()
        }
    }

    /// For the exit: drops queued output and what the driver has not sent yet, so the
    /// process's end never waits for the line, and drops any output from then on.
    func abandonOutput() {
        lock.withLock { _ in
            abandoned = true
            queue.removeAll()
            port?.discardPendingOutput()
        }
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
        LoopWait.pause(micros: Int64(waitMilliseconds) * 1_000)
        return .timedOut
    }

    private func send(_ text: String) {
        lock.withLock { _ in
            guard port != nil, !abandoned else { return }
            let bytes = text.utf8
            if queue.count + bytes.count > queueCapacity {
                droppedBytes += bytes.count
            } else {
                queue.append(contentsOf: bytes)
            }
            sendQueued()
        }
    }

    /// Hands the line as much of the queue as it takes without waiting; once the queue is
    /// empty after a loss, queues the warning that reports it. Called with `lock` held.
    private func sendQueued() {
        while port != nil && !queue.isEmpty {
            let result: SerialWriteResult
            let pending = queue
            do {
                result = try port!.write(pending.span, timeoutMilliseconds: 0)
            } catch {
                queue.removeAll()
                return
            }
            switch result {
            case .written:
                queue.removeAll()
                if droppedBytes > 0 {
                    queue.append(contentsOf: (droppedNote(droppedBytes) + "\r\n").utf8)
                    droppedBytes = 0
                }
            case .timedOut(let written):
                queue.removeFirst(written)
                return
            case .disconnected:
                queue.removeAll()
                return
            }
        }
    }
}
