import FoundationEssentials
import ForcePadCore
import ForcePadHAL

/// Reads a trace file for `sim play` and `replay`, with errors that name the file and line.
enum TraceFileReader {
    /// Largest trace file accepted (bytes).
    static let maxBytes = 256 << 20

    /// With `wholeLinesOnly`, text after the last line end is left out: the torn last line of
    /// a recording that was cut short. A row more than `maxSpanMicros` after the first is
    /// refused (``ForceTrace/maxPlayedSpanMicros`` for a trace played period by period).
    static func read(path: String, wholeLinesOnly: Bool = false, maxSpanMicros: Int64 = ForceTrace.maxTimeMicros) throws(CommandFailure) -> ForceTrace {
        let contents: (bytes: [UInt8], truncated: Bool)
        do {
            contents = try TextFileContents.readBytes(path, maximumBytes: maxBytes)
        } catch {
            throw CommandFailure("cannot read \(error.description); check the path")
        }
        guard !contents.truncated else { throw CommandFailure("\(path) is larger than \(maxBytes >> 20) MiB; split the trace") }
        var data = Data(contents.bytes)
        if wholeLinesOnly { data = data[..<(data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex)] }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CommandFailure("\(path) is not UTF-8 text; give a CSV trace")
        }
        do {
            return try ForceTrace.parse(text, file: path, maxSpanMicros: maxSpanMicros)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Whether the file at `path` holds no whole row: empty, or a header alone (what a
    /// recording killed before its first write leaves). False when it cannot be read.
    static func holdsNoRows(path: String) -> Bool {
        guard let contents = try? TextFileContents.readBytes(path, maximumBytes: maxBytes), !contents.truncated else { return false }
        return contents.bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.prefix(2).count < 2
    }
}
