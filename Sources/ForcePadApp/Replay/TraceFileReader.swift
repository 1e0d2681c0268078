import FoundationEssentials
import ForcePadCore
import ForcePadShell

/// Reads a trace file for `sim play` and `replay`, with errors that name the file and line.
enum TraceFileReader {
    /// Largest trace file accepted (bytes).
    static let maxBytes = 256 << 20

    /// With `wholeLinesOnly`, text after the last line end is left out: the torn last line of
    /// a recording that was cut short.
    static func read(path: String, wholeLinesOnly: Bool = false) throws(CommandFailure) -> ForceTrace {
        var data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= maxBytes else { throw CommandFailure("\(path) is larger than \(maxBytes >> 20) MiB; split the trace") }
            data = try Data(contentsOf: URL(filePath: path))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot read \(path): \(error.localizedDescription); check the path")
        }
        if wholeLinesOnly { data = data[..<(data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex)] }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CommandFailure("\(path) is not UTF-8 text; give a CSV trace")
        }
        do {
            return try ForceTrace.parse(text, file: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
