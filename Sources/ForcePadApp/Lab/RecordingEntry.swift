import ForcePadLabFiles
import FoundationEssentials
import Glibc

/// One folder of `recordings/` as `record list` shows it: every folder is listed, whatever
/// state it was left in, so nothing a kill left behind is hidden.
struct RecordingEntry {
    enum State: String {
        /// Stopped and described.
        case complete
        /// Being recorded by this controller now.
        case recording
        /// Cut short after it was described at its start: replays up to its last whole frame.
        case interrupted
        /// Cut short before its first frame was saved: nothing to replay (``problem`` says so).
        case empty
        /// Cut short before it was described (no `recording.json`), a `recording.json` that
        /// cannot be read or holds a value out of range, or an interrupted recording whose
        /// frames are damaged: ``problem`` says what and what to do.
        case unusable
    }

    let name: String
    let state: State
    /// The description (an interrupted one's completed from its frames), nil when empty or unusable.
    let info: CaptureInfo?
    /// Why an empty or unusable recording cannot be used, and the fix.
    let problem: String?

    /// The folders of `recordings/` (symlinks left out), sorted by name; `running` is the
    /// name of the recording in progress.
    static func all(paths: LabPaths, running: String?) -> [RecordingEntry] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: paths.recordings)) ?? []).filter { name in
            var status = stat()
            return lstat(paths.recording(name), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
        return names.sorted().map { entry($0, paths: paths, running: running) }
    }

    private static func entry(_ name: String, paths: LabPaths, running: String?) -> RecordingEntry {
        let info: CaptureInfo
        do {
            info = try CaptureInfo.load(path: paths.info(name))
        } catch {
            return RecordingEntry(name: name, state: .unusable, info: nil, problem: error.message)
        }
        if name == running { return RecordingEntry(name: name, state: .recording, info: info, problem: nil) }
        guard info.isInterrupted else { return RecordingEntry(name: name, state: .complete, info: info, problem: nil) }
        do {
            let frames = try Recording.readFrames(directory: paths.recording(name), interrupted: true)
            return RecordingEntry(name: name, state: .interrupted, info: info.completed(from: frames), problem: nil)
        } catch {
            let empty = TraceFileReader.holdsNoRows(path: paths.frames(name))
            return RecordingEntry(name: name, state: empty ? .empty : .unusable, info: nil, problem: error.message)
        }
    }
}
