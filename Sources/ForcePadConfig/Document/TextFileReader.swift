import Glibc

/// Reads a whole board or config file as UTF-8 text.
enum TextFileReader {
    /// Larger files are refused: board and config files are a few kilobytes.
    static let maxBytes = 1 << 20

    /// The file's text, or an error keyed `file` that says why it cannot be read.
    static func read(path: String) throws(ConfigError) -> String {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; only regular files are read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, reason: errnoText(errno) + "; check the path") }
        defer { close(descriptor) }
        try requireRegularFile(descriptor, path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, reason: errnoText(errno) + "; check the path")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= maxBytes else {
                throw failure(path, reason: "larger than \(maxBytes / 1024) KiB; give a board or config file, not \(path)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw notUTF8(path, bytes: bytes) }
        return text
    }

    /// Refuses a FIFO, device or socket: reading one could block forever or never end. (A
    /// folder gets through to the read, which fails with EISDIR.)
    private static func requireRegularFile(_ descriptor: Int32, path: String) throws(ConfigError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, reason: errnoText(errno) + "; check the path") }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw failure(path, reason: "\(kind), not a regular file; give the path of a board or config file")
    }

    /// The error for `bytes` that are not UTF-8, at the line and column of the first bad byte.
    private static func notUTF8(_ path: String, bytes: [UInt8]) -> ConfigError {
        var line = 1
        var column = 1
        var offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
                if scalar.count == 1, scalar.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                return ConfigError(
                    file: path, line: line, key: "file",
                    message: "not UTF-8 text (byte 0x\(byte.count < 2 ? "0" : "")\(byte) in column \(column)); save it as UTF-8")
            case .emptyInput:
                return failure(path, reason: "not UTF-8 text; save it as UTF-8")
            }
        }
    }

    private static func failure(_ path: String, reason: String) -> ConfigError {
        ConfigError(file: path, line: nil, key: "file", message: "cannot read: " + reason)
    }

    private static func errnoText(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
