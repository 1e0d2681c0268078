import Glibc

/// A whole text file read with stdio, up to a bound: the files the kernel writes (`/proc`,
/// `/sys`) and those a tool writes for the benchmark. Invalid UTF-8 is replaced, never fatal.
public enum TextFileContents {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first `maximumBytes` bytes of the file at `path`, and whether it holds more.
    public static func read(_ path: String, maximumBytes: Int) throws(Failure) -> (text: String, truncated: Bool) {
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
        return (String(decoding: bytes.prefix(maximumBytes), as: UTF8.self), truncated)
    }
}
