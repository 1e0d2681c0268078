import ForcePadHAL
import Glibc

/// Files of native-endian Int64 values, the format the benchmark and the C reference chain
/// (bench/reference-chain.c) exchange parameters, frames and outputs in; and text files read
/// as lines (callgrind's output).
enum ScratchFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ values: [Int64], to path: String) throws(Failure) {
        guard let file = fopen(path, "wb") else { throw Failure(description: "\(path): cannot create: \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        let written = values.withUnsafeBufferPointer { fwrite($0.baseAddress, MemoryLayout<Int64>.size, $0.count, file) }
        guard written == values.count else { throw Failure(description: "\(path): cannot write: \(String(cString: strerror(errno)))") }
    }

    static func int64s(_ path: String) throws(Failure) -> [Int64] {
        guard let file = fopen(path, "rb") else { throw Failure(description: "\(path): cannot open: \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let count = ftell(file) / MemoryLayout<Int64>.size
        fseek(file, 0, SEEK_SET)
        var values = [Int64](repeating: 0, count: count)
        let read = values.withUnsafeMutableBufferPointer { fread($0.baseAddress, MemoryLayout<Int64>.size, count, file) }
        guard read == count else { throw Failure(description: "\(path): cannot read all of it") }
        return values
    }

    /// The lines of a text file.
    static func lines(_ path: String) throws(Failure) -> [Substring] {
        do {
            return try TextFileContents.read(path, maximumBytes: largestTextFileBytes).text.split(separator: "\n")
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Largest text file read (bytes): callgrind's output for the chains is a few hundred KiB.
    static let largestTextFileBytes = 1 << 30
}
