import ForcePadCore
import FoundationEssentials
import ForcePadHAL
import Glibc

/// Where the lab keeps its files in the state directory:
///
/// - `recordings/NAME/frames.csv`: raw frames, `t_us,ch0,…` (µs on the loop clock, counts);
/// - `recordings/NAME/events.jsonl`: the events of the same time, one JSON object a line;
/// - `recordings/NAME/recording.json`: what, when, on which board, with which settings;
/// - `recordings/NAME/calibration.toml`: the calibration the counts were taken with;
/// - `recordings/NAME/board.toml`: a copy of the board file, its digest in `recording.json`;
/// - `reports/NAME.json`, `reports/NAME.svg`: a report and its force plot.
struct LabPaths {
    let stateDirectory: String

    var recordings: String { stateDirectory + "/recordings" }
    var reports: String { stateDirectory + "/reports" }
    func recording(_ name: String) -> String { recordings + "/" + name }
    func frames(_ name: String) -> String { Self.frames(in: recording(name)) }
    func events(_ name: String) -> String { Self.events(in: recording(name)) }
    func info(_ name: String) -> String { Self.info(in: recording(name)) }
    func accelerations(_ name: String) -> String { Self.accelerations(in: recording(name)) }
    func calibration(_ name: String) -> String { Self.calibration(in: recording(name)) }
    func boardFile(_ name: String) -> String { Self.boardFile(in: recording(name)) }
    static func frames(in directory: String) -> String { directory + "/frames.csv" }
    static func events(in directory: String) -> String { directory + "/events.jsonl" }
    static func info(in directory: String) -> String { directory + "/recording.json" }
    static func accelerations(in directory: String) -> String { directory + "/accelerations.csv" }
    static func calibration(in directory: String) -> String { directory + "/calibration.toml" }
    /// The copy of the board file a recording was made with.
    static func boardFile(in directory: String) -> String { directory + "/board.toml" }
    func reportJSON(_ name: String) -> String { reports + "/" + name + ".json" }
    func reportSVG(_ name: String) -> String { reports + "/" + name + ".svg" }

    /// Creates `path` and its parents if missing.
    static func makeDirectory(_ path: String) throws(CommandFailure) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw CommandFailure("cannot create \(prefix): \(ErrnoText.describe(errno)); check the state directory's permissions")
            }
        }
    }

    /// Creates the folder `path` inside the state directory (`recordings`, `reports`,
    /// `recordings/NAME`) and the folders between, and checks each is a real folder: a
    /// symlink among them would send the files outside the state directory, so it is refused
    /// with the fix. With `new`, the last folder must not exist yet.
    func makeFolder(_ path: String, new: Bool = false) throws(CommandFailure) {
        guard path.hasPrefix(stateDirectory + "/") else { throw CommandFailure("\(path) is not inside the state directory \(stateDirectory)") }
        let components = path.dropFirst(stateDirectory.count + 1).split(separator: "/")
        var folder = stateDirectory
        for (index, component) in components.enumerated() {
            folder += "/" + component
            let isLast = index == components.count - 1
            if mkdir(folder, 0o755) != 0 {
                let code = errno
                guard code == EEXIST, !(isLast && new) else {
                    let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
                    throw CommandFailure("cannot create \(folder): \(reason); check the state directory's permissions")
                }
            }
            var status = stat()
            guard lstat(folder, &status) == 0 else { throw CommandFailure("cannot create \(folder); check the state directory's permissions") }
            if status.st_mode & S_IFMT == S_IFLNK {
                throw CommandFailure(
                    "\(folder) is a symlink, and ForcePad writes only inside the state directory: replace it with a folder (move its files in), or give --state-dir the directory you want")
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw CommandFailure("\(folder) is not a folder; move it away so ForcePad can create the folder")
            }
        }
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
