import ForcePadCore

/// A stand's serial line, as text: commands written whole, answers read as lines ended by CR
/// or LF (empty lines skipped), each read bounded by a deadline. Bytes of a line that has not
/// ended yet are kept for the next read. Only the stand's thread uses it.
public struct StandLine: ~Copyable {
    /// The longest answer line kept (bytes); a longer one is cut there and read as it is.
    static let longestLine = 128
    public let devicePath: String
    private let port: SerialPort
    private var pending: [UInt8]
    private var chunk: [UInt8]

    /// Opens `devicePath` at `baud` (raw 8N1, claimed for this program alone). The port is
    /// opened before any stored property is set: Swift 6.2.3 (the packages' compiler) crashed
    /// on the error path of this throwing init when properties had default values.
    public init(devicePath: String, baud: Int) throws(DeviceError) {
        let opened = try SerialPort(devicePath: devicePath, baud: baud)
        port = opened
        self.devicePath = devicePath
        pending = []
        chunk = [UInt8](repeating: 0, count: 64)
    }

    /// Writes `text` within `timeoutMicros`.
    public func send(_ text: String, timeoutMicros: Int64) throws(DeviceError) {
        try send(Array(text.utf8), timeoutMicros: timeoutMicros)
    }

    /// Writes `bytes` within `timeoutMicros`.
    public func send(_ bytes: [UInt8], timeoutMicros: Int64) throws(DeviceError) {
        switch try port.write(bytes.span, timeoutMilliseconds: Self.millis(timeoutMicros)) {
        case .written: return
        case .timedOut: throw failure("write to", "the port took no bytes: check the USB-serial adapter")
        case .disconnected: throw hungUp()
        }
    }

    /// The next non-empty line, without its line end, or nil when none ends before
    /// `deadlineMicros` on `clock`.
    public mutating func nextLine(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> String? {
        while true {
            if let line = takeLine() { return line }
            let left = deadlineMicros - clock.nowMicros()
            guard left > 0 else { return nil }
            switch try Self.receive(port, into: &chunk, timeoutMilliseconds: Self.millis(left)) {
            case .timedOut: continue
            case .disconnected: throw hungUp()
            case .received(let count): pending.append(contentsOf: chunk[0..<count])
            }
        }
    }

    /// Drops what was received and not read (answers that came too late), as
    /// ``waitingLines()`` reads it.
    public mutating func dropReceived() throws(DeviceError) {
        _ = try waitingLines()
        pending.removeAll(keepingCapacity: true)
    }

    /// The complete lines already received and not read (answers that came after their
    /// deadline), without waiting; reads at most 16 buffers so a stand that streams cannot
    /// hold the caller. A line not ended yet stays for the next read.
    public mutating func waitingLines() throws(DeviceError) -> [String] {
        reading: for _ in 0..<16 {
            switch try Self.receive(port, into: &chunk, timeoutMilliseconds: 0) {
            case .received(let count): pending.append(contentsOf: chunk[0..<count])
            case .timedOut: break reading
            case .disconnected: throw hungUp()
            }
        }
        var lines: [String] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    /// Cuts the first complete line off ``pending``.
    private mutating func takeLine() -> String? {
        while let end = pending.firstIndex(where: { $0 == 0x0D || $0 == 0x0A }) {
            let line = pending[..<end]
            pending.removeSubrange(...end)
            if !line.isEmpty { return String(decoding: line.prefix(Self.longestLine), as: UTF8.self) }
        }
        if pending.count > Self.longestLine {
            let line = String(decoding: pending.prefix(Self.longestLine), as: UTF8.self)
            pending.removeAll(keepingCapacity: true)
            return line
        }
        return nil
    }

    /// Reads what has arrived on `port` into the start of `buffer`, waiting up to `timeoutMilliseconds`.
    private static func receive(
        _ port: borrowing SerialPort, into buffer: inout [UInt8], timeoutMilliseconds: Int
    ) throws(DeviceError) -> SerialReadResult {
        var span = buffer.mutableSpan
        return try port.read(into: &span, timeoutMilliseconds: timeoutMilliseconds)
    }

    private func hungUp() -> DeviceError { failure("read", "the port hung up: check the stand's USB cable, then restart") }

    private func failure(_ operation: String, _ hint: String) -> DeviceError {
        DeviceError(operation: "\(operation) the stand on \(devicePath)", errno: 0, hint: hint)
    }

    /// µs as whole ms, rounded up, at least 1.
    private static func millis(_ micros: Int64) -> Int { Int(max(1, (micros + 999) / 1000)) }
}
