import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles
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
            // Read up to one byte over the limit, so that an oversized file is refused as such.
            let contents = try TextFileContents.readBytes(path, maximumBytes: maxBytes + 1)
            data = Data(contents.bytes)
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
        return ReferenceReadings(Self.referenceSamples(events), samplePeriodMicros: referencePeriodMicros)
    }

    /// The reference readings among a recording's events, oldest first.
    static func referenceSamples(_ events: [RecordedEvent]) -> [ReferenceSample] {
        events.filter { $0.event == RecordedEvent.referenceSample }.map {
            ReferenceSample(timeMicros: $0.timeMicros, force: Force.fromGrams($0.referenceGrams ?? 0))
        }
    }
}
