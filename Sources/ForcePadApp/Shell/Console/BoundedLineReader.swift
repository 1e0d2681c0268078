import ForcePadShell
import Glibc

/// Reads lines from a file descriptor (standard input from a pipe) without ever holding more
/// than one line's worth of bytes: a line longer than the limit is skipped up to its end and
/// reported as too long, so a megabyte without a newline cannot grow memory.
struct BoundedLineReader {
    /// What the next read produced.
    enum Line: Equatable {
        case text(String)
        /// A line of this many bytes (at least `maxBytes + 1`) was skipped.
        case tooLong(byteCount: Int)
    }

    let descriptor: Int32
    let maxBytes: Int
    private var pending: [UInt8] = []
    private var overflow = 0
    private var chunk = [UInt8](repeating: 0, count: 4096)
    private var start = 0
    private var end = 0
    private var finished = false

    /// Called every ``idleMilliseconds`` while no byte comes (the shell's other work); nil: the
    /// read simply waits.
    let idle: (() -> Void)?
    static let idleMilliseconds: Int32 = 50

    init(descriptor: Int32 = STDIN_FILENO, maxBytes: Int = CommandLineTokenizer.maxLineBytes, idle: (() -> Void)? = nil) {
        self.descriptor = descriptor
        self.maxBytes = maxBytes
        self.idle = idle
    }

    /// The next line (without its LF or CRLF), or nil at the end of input.
    mutating func next() -> Line? {
        while true {
            while start < end {
                let byte = chunk[start]
                start += 1
                if byte == UInt8(ascii: "\n") { return takeLine() }
                if overflow > 0 {
                    overflow += 1
                } else if pending.count < maxBytes + 1 {
                    pending.append(byte)
                } else {
                    overflow = pending.count + 1
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if finished { return pending.isEmpty && overflow == 0 ? nil : takeLine() }
            if let idle {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Self.idleMilliseconds) == 0 {
                    idle()
                    continue
                }
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                finished = true
            } else {
                start = 0
                end = count
            }
        }
    }

    private mutating func takeLine() -> Line {
        defer {
            pending.removeAll(keepingCapacity: true)
            overflow = 0
        }
        if overflow > 0 { return .tooLong(byteCount: overflow) }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        if pending.count > maxBytes { return .tooLong(byteCount: pending.count) }
        return .text(String(decoding: pending, as: UTF8.self))
    }
}
