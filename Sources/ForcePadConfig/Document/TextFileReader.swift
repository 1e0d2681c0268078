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
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure(path, reason: "not UTF-8 text; save it as UTF-8")
        }
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

    private static func failure(_ path: String, reason: String) -> ConfigError {
        ConfigError(file: path, line: nil, key: "file", message: "cannot read: " + reason)
    }

    private static func errnoText(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
