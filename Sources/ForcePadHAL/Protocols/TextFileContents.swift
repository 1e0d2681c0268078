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

    /// The first `maximumBytes` bytes of the file at `path`, and whether it holds more.
    public static func readBytes(_ path: String, maximumBytes: Int) throws(Failure) -> (bytes: [UInt8], truncated: Bool) {
        guard let file = fopen(path, "rb") else { throw Failure(description: "\(path): cannot open: \(ErrnoText.describe(errno))") }
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
}
