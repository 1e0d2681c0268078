import FoundationEssentials
import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

/// A finished recording read back from the state directory: its description, frames,
/// events and calibration, each checked as it is read (``CaptureInfo/parse(_:path:)``,
/// ``TraceFileReader``, ``RecordedEventsFile``, ``RecordedAccelerationsFile``).
struct Recording {
    let info: CaptureInfo
    let frames: ForceTrace
    /// The lines of `events.jsonl`, read back.
    let events: [RecordedEvent]
    let calibration: CalibrationSet
    /// The samples of `accelerations.csv`; nil when the recording has none (no accelerometer).
    var accelerations: [AccelerationSample]? = nil

    /// Loads recording `name` of the state directory for `board`.
    static func load(name rawName: String, paths: LabPaths, board: BoardDescription) throws(CommandFailure) -> Recording {
        let name = try CaptureName.validated(rawName)
        guard LabPaths.exists(paths.recording(name)) else {
            throw CommandFailure("no recording named '\(name)' in \(paths.recordings); record list shows them")
        }
        return try load(directory: paths.recording(name), board: board)
    }

    /// Loads the recording in `directory` (which holds `recording.json`) for `board`. An
    /// interrupted recording (``CaptureInfo/isInterrupted``) loads up to its last whole
    /// frame and event line, its description completed from its frames; one cut short before
    /// its first frame was saved is refused as empty.
    static func load(directory: String, board: BoardDescription) throws(CommandFailure) -> Recording {
        var info = try CaptureInfo.load(path: LabPaths.info(in: directory))
        guard info.board == board.name else {
            throw CommandFailure("'\(info.name)' was recorded on board '\(info.board)', not '\(board.name)': give --board \(info.board)")
        }
        guard info.sampleRateHertz == board.sampleRateHz else {
            throw CommandFailure("'\(info.name)' was recorded at \(info.sampleRateHertz) Hz; board '\(board.name)' now runs at \(board.sampleRateHz) Hz, so its filters and timings would not replay: use the board file it was recorded with")
        }
        let frames = try readFrames(directory: directory, interrupted: info.isInterrupted)
        if info.isInterrupted { info = info.completed(from: frames) }
        guard frames.kind == .rawCounts, frames.cellCount == board.geometry.cellCount else {
            throw CommandFailure("\(LabPaths.frames(in: directory)) does not hold raw frames of \(board.geometry.cellCount) cells")
        }
        let calibration: CalibrationSet
        do {
            calibration = try CalibrationFile.load(path: LabPaths.calibration(in: directory), board: board)
        } catch {
            throw CommandFailure(error.description)
        }
        let events = try readEvents(directory: directory, interrupted: info.isInterrupted)
        let accelerations = try readAccelerations(directory: directory, interrupted: info.isInterrupted)
        return Recording(info: info, frames: frames, events: events, calibration: calibration, accelerations: accelerations)
    }

    /// The frames of the recording in `directory`; an interrupted one's up to its last whole
    /// line, refused as empty when it has none.
    static func readFrames(directory: String, interrupted: Bool) throws(CommandFailure) -> ForceTrace {
        let path = LabPaths.frames(in: directory)
        do {
            return try TraceFileReader.read(path: path, wholeLinesOnly: interrupted)
        } catch {
            if interrupted && TraceFileReader.holdsNoRows(path: path) { throw CommandFailure(RecordingDescriptionProblem.empty(folder: directory)) }
            throw error
        }
    }

    /// The events of the recording in `directory` (an interrupted one's whole lines).
    /// Lines of events named in `passingOver` are passed over unread (``RecordedEventsFile``).
    static func readEvents(directory: String, interrupted: Bool, passingOver: [String] = []) throws(CommandFailure) -> [RecordedEvent] {
        let path = LabPaths.events(in: directory)
        let text = try contents(path, maximumBytes: RecordedEventsFile.maxBytes)
        do {
            return try RecordedEventsFile.parse(text, path: path, wholeLinesOnly: interrupted, passingOver: passingOver)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The accelerometer's samples of the recording in `directory`, nil when it has none.
    private static func readAccelerations(directory: String, interrupted: Bool) throws(CommandFailure) -> [AccelerationSample]? {
        let path = LabPaths.accelerations(in: directory)
        guard LabPaths.exists(path) else { return nil }
        let text = try contents(path, maximumBytes: RecordedAccelerationsFile.maxBytes)
        do {
            return try RecordedAccelerationsFile.parse(text, path: path, wholeLinesOnly: interrupted)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The text of `path`; an oversized file is not read: a stand-in one byte over the limit
    /// is refused as it would be.
    private static func contents(_ path: String, maximumBytes: Int) throws(CommandFailure) -> String {
        do {
            return try TextFileContents.size(path) > maximumBytes
                ? String(repeating: " ", count: maximumBytes + 1)
                : TextFileContents.read(path, maximumBytes: maximumBytes).text
        } catch {
            throw CommandFailure("cannot read \(error.description); check the file's permissions")
        }
    }

    /// Names of the recordings in the state directory, sorted.
    static func names(paths: LabPaths) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: paths.recordings)) ?? []
        return entries.filter { LabPaths.exists(paths.info($0)) }.sorted()
    }
}
