import Glibc

/// Reads and writes on a non-blocking terminal descriptor (a serial device or either side
/// of a pseudo-terminal), waiting with `poll`, and telling a hang-up from a failure. Shared
/// by ``SerialPort`` and ``PseudoTerminal``.
enum TerminalDescriptorIO {
    /// Waits up to `timeoutMilliseconds` (nil: as long as it takes) for bytes, then reads as
    /// many as are there and fit in `buffer`, which must not be empty.
    static func read(
        _ descriptor: Int32, into buffer: inout MutableSpan<UInt8>, timeoutMilliseconds: Int?, deviceName: String
    ) throws(DeviceError) -> SerialReadResult {
        precondition(!buffer.isEmpty, "a read needs room for at least one byte")
        let deadline = deadlineMicros(after: timeoutMilliseconds)
        while true {
            let events = try wait(descriptor, for: Int16(POLLIN), untilMicros: deadline, deviceName: deviceName)
            if events == 0 { return .timedOut }
            let count = buffer.withUnsafeMutableBufferPointer { bytes in
                Glibc.read(descriptor, bytes.baseAddress, bytes.count)
            }
            if count > 0 { return .received(byteCount: count) }
            if count == 0 { return .disconnected }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN where events & Int16(POLLHUP | POLLERR) != 0: return .disconnected
            case EAGAIN: continue
            case EIO: return .disconnected
            default: throw failure(code, operation: "read from \(deviceName)", deviceName: deviceName)
            }
        }
    }

    /// Writes all of `bytes`, waiting for the line to take more whenever the driver's buffer
    /// is full, for at most `timeoutMilliseconds` in all (nil: as long as it takes).
    static func write(
        _ descriptor: Int32, _ bytes: Span<UInt8>, timeoutMilliseconds: Int?, deviceName: String
    ) throws(DeviceError) -> SerialWriteResult {
        let deadline = deadlineMicros(after: timeoutMilliseconds)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBufferPointer { all in
                Glibc.write(descriptor, all.baseAddress! + offset, all.count - offset)
            }
            if count > 0 {
                offset += count
                continue
            }
            let code = count == 0 ? EAGAIN : errno
            switch code {
            case EINTR: continue
            case EAGAIN:
                let events = try wait(descriptor, for: Int16(POLLOUT), untilMicros: deadline, deviceName: deviceName)
                if events == 0 { return .timedOut(bytesWritten: offset) }
                if events & Int16(POLLOUT) == 0 && events & Int16(POLLHUP | POLLERR) != 0 { return .disconnected }
            case EIO: return .disconnected
            default: throw failure(code, operation: "write to \(deviceName)", deviceName: deviceName)
            }
        }
        return .written
    }

    /// The events `poll` reports for `descriptor` (0 when `deadline` passed first), retrying
    /// after signals with the time left.
    private static func wait(
        _ descriptor: Int32, for events: Int16, untilMicros deadline: Int64?, deviceName: String
    ) throws(DeviceError) -> Int16 {
        while true {
            var request = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&request, 1, pollTimeoutMilliseconds(until: deadline))
            if result > 0 {
                guard request.revents & Int16(POLLNVAL) == 0 else {
                    throw failure(EBADF, operation: "wait for \(deviceName)", deviceName: deviceName)
                }
                return request.revents
            }
            if result == 0 { return 0 }
            let code = errno
            guard code == EINTR else { throw failure(code, operation: "wait for \(deviceName)", deviceName: deviceName) }
        }
    }

    private static func deadlineMicros(after timeoutMilliseconds: Int?) -> Int64? {
        timeoutMilliseconds.map { MonotonicClock().nowMicros() + Int64(max($0, 0)) * 1_000 }
    }

    /// `poll`'s timeout for `deadline`: -1 (none) for nil, else the milliseconds left,
    /// rounded up so the wait never ends early.
    private static func pollTimeoutMilliseconds(until deadline: Int64?) -> Int32 {
        guard let deadline else { return -1 }
        let left = (deadline - MonotonicClock().nowMicros() + 999) / 1_000
        return Int32(clamping: max(left, 0))
    }

    private static func failure(_ code: Int32, operation: String, deviceName: String) -> DeviceError {
        DeviceError(operation: operation, errno: code, hint: SerialPort.hint(for: code, devicePath: deviceName))
    }
}
