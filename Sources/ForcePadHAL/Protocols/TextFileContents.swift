import Glibc

/// A whole file read with stdio, up to a bound, its failures said with errno's name: the files
/// the kernel writes (`/proc`, `/sys`), those a tool writes for the benchmark, and the traces,
/// recordings and reports a lab passes around. As text, invalid UTF-8 is replaced, never fatal.
public enum TextFileContents {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first `maximumBytes` bytes of the file at `path` as text (invalid UTF-8 repaired),
    /// and whether it holds more.
    public static func read(_ path: String, maximumBytes: Int) throws(Failure) -> (text: String, truncated: Bool) {
        let (bytes, truncated) = try readBytes(path, maximumBytes: maximumBytes)
        return (String(decoding: bytes, as: UTF8.self), truncated)
    }

    /// The size of the file at `path` (bytes), without reading it.
    public static func size(_ path: String) throws(Failure) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(description: "\(path): cannot read: \(ErrnoText.describe(errno))") }
        return Int(status.st_size)
    }

    /// The first `maximumBytes` bytes of the file at `path`, and whether it holds more. Only a
    /// regular file is read: a FIFO (whose open would wait for a writer for ever), a device or
    /// a socket where a file should be is refused, naming what it is.
    public static func readBytes(_ path: String, maximumBytes: Int) throws(Failure) -> (bytes: [UInt8], truncated: Bool) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it changes nothing for a file.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "\(path): cannot open: \(ErrnoText.describe(errno))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = ErrnoText.describe(errno)
            close(descriptor)
            throw Failure(description: "\(path): cannot read: \(reason)")
        }
        if let kind = notRegular(status.st_mode) {
            close(descriptor)
            throw Failure(description: "\(path): \(kind), not a regular file; replace it with the file")
        }
        guard let file = fdopen(descriptor, "rb") else {
            let reason = ErrnoText.describe(errno)
            close(descriptor)
            throw Failure(description: "\(path): cannot open: \(reason)")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(65_536, maximumBytes + 1))
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        let truncated = bytes.count > maximumBytes
        return (Array(bytes.prefix(maximumBytes)), truncated)
    }

    /// What a file of `mode` is when it is neither a regular file nor a folder (whose read
    /// fails with EISDIR); nil for those two.
    private static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: nil
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
