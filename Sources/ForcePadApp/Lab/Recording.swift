import ForcePadShell
import FoundationEssentials
import ForcePadConfig
import ForcePadCore

/// A finished recording read back from the state directory: its description, frames,
/// events and calibration.
struct Recording {
    let info: CaptureInfo
    let frames: ForceTrace
    /// The lines of `events.jsonl`, read back.
    let events: [RecordedEvent]
    let calibration: CalibrationSet

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
    /// frame and event line, its description completed from its frames.
    static func load(directory: String, board: BoardDescription) throws(CommandFailure) -> Recording {
        var info = try CaptureInfo.load(path: LabPaths.info(in: directory))
        guard info.board == board.name else {
            throw CommandFailure("'\(info.name)' was recorded on board '\(info.board)', not '\(board.name)': give --board \(info.board)")
        }
        guard info.sampleRateHertz == board.sampleRateHz else {
            throw CommandFailure("'\(info.name)' was recorded at \(info.sampleRateHertz) Hz; board '\(board.name)' now runs at \(board.sampleRateHz) Hz, so its filters and timings would not replay: use the board file it was recorded with")
        }
        let framesPath = LabPaths.frames(in: directory)
        let frames = try TraceFileReader.read(path: framesPath, wholeLinesOnly: info.isInterrupted)
        if info.isInterrupted { info = info.completed(from: frames) }
        guard frames.kind == .rawCounts, frames.cellCount == board.geometry.cellCount else {
            throw CommandFailure("\(framesPath) does not hold raw frames of \(board.geometry.cellCount) cells")
        }
        let calibration: CalibrationSet
        do {
            calibration = try CalibrationFile.load(path: LabPaths.calibration(in: directory), board: board)
        } catch {
            throw CommandFailure(error.description)
        }
        let eventsPath = LabPaths.events(in: directory)
        let text: String
        do {
            text = String(decoding: try Data(contentsOf: URL(filePath: eventsPath)), as: UTF8.self)
        } catch {
            throw CommandFailure("cannot read \(eventsPath): \(error.localizedDescription)")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if info.isInterrupted || text.hasSuffix("\n") { lines.removeLast() }
        var events: [RecordedEvent] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            guard let event = RecordedEvent.parse(String(line)) else {
                throw CommandFailure("\(eventsPath):\(index + 1): not an event line ForcePad can read")
            }
            events.append(event)
        }
        return Recording(info: info, frames: frames, events: events, calibration: calibration)
    }

    /// Names of the recordings in the state directory, sorted.
    static func names(paths: LabPaths) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: paths.recordings)) ?? []
        return entries.filter { LabPaths.exists(paths.info($0)) }.sorted()
    }
}
