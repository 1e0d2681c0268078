import ForcePadConfig
import Glibc

/// Start-up tidying of the state directory: the temporary files of writers that were
/// killed mid-write (``StaleTemporaryFiles`` decides which), in the folders ForcePad writes
/// to: the state directory (which may itself be a symlink), `reports/`, `recordings/` and each recording's folder. Symlinked
/// folders are not entered.
enum StateDirectoryCleanup {
    /// Removes the stale temporary files and returns their paths.
    static func removeStaleTemporaries(in stateDirectory: String) -> [String] {
        let paths = LabPaths(stateDirectory: stateDirectory)
        var folders = [stateDirectory] + [paths.reports, paths.recordings].filter(isFolder)
        if isFolder(paths.recordings), let stream = opendir(paths.recordings) {
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != "..", isFolder(paths.recording(name)) { folders.append(paths.recording(name)) }
            }
        }
        return folders.flatMap { StaleTemporaryFiles.remove(in: $0) }
    }

    /// Whether `path` is a folder and not a symlink.
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
