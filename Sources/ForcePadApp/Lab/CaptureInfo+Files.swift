import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles
import ForcePadShell
import FoundationEssentials

/// `recording.json` written and read in the state directory, and the reference readings of a
/// recording as the live event pump held them.
extension CaptureInfo {
    /// The JSON text (keys sorted, indented).
    func rendered() throws(CommandFailure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            throw CommandFailure("cannot describe the recording: \(error)")
        }
    }

    /// Reads `recording.json` at `path`; a missing, oversized or damaged one, or a value out
    /// of range, is a one-line error naming the file, the key and the fix.
    static func load(path: String) throws(CommandFailure) -> CaptureInfo {
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            // An oversized file is not read: a stand-in one byte over the limit is refused as it would be.
            data = size > maxBytes ? Data(count: maxBytes + 1) : try Data(contentsOf: URL(filePath: path))
        } catch {
            throw CommandFailure(RecordingDescriptionProblem.unreadable(path: path))
        }
        do {
            return try parse(data, path: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The recorded reference readings, all of them, ready to give `reference_g` at a frame's
    /// time as the live event pump did; nil when the recording has no reference channel.
    func referenceReadings(_ events: [RecordedEvent]) -> ReferenceReadings? {
        guard let referencePeriodMicros else { return nil }
        let samples = events.filter { $0.event == RecordedEvent.referenceSample }.map {
            ReferenceSample(timeMicros: $0.timeMicros, force: Force.fromGrams($0.referenceGrams ?? 0))
        }
        return ReferenceReadings(samples, samplePeriodMicros: referencePeriodMicros)
    }
}
