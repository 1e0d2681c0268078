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
        /// Cut short before it was described (no `recording.json`), or a `recording.json`
        /// that cannot be read: ``problem`` says what and what to do.
        case unusable
    }

    let name: String
    let state: State
    /// The description (an interrupted one's completed from its frames), nil when unusable.
    let info: CaptureInfo?
    /// Why an unusable recording cannot be used, and the fix.
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
        let frames = try? TraceFileReader.read(path: paths.frames(name), wholeLinesOnly: true)
        return RecordingEntry(name: name, state: .interrupted, info: frames.map(info.completed) ?? info, problem: nil)
    }
}
