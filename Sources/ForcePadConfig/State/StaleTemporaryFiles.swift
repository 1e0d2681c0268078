import Glibc

/// Removes the temporary files a killed writer left behind (``AtomicFileWriter``'s
/// `NAME.tmp-PID-RANDOM`, or `NAME.tmp-PID` of earlier versions).
///
/// A file is removed only when all of these hold: its name has the temporary shape, it is a
/// regular file (a symlink, folder or device of that name is left alone, and never
/// followed), it is not this process's, and its writer is gone: no process has its PID, or
/// it was last modified more than ``staleSeconds`` ago (a PID reused by an unrelated
/// process). A writer holds its temporary file for the time of one write, well under a
/// second, so neither rule can remove a file still being written.
public enum StaleTemporaryFiles {
    /// Age after which a temporary file is stale whoever has its PID now (s).
    public static let staleSeconds = 600

    /// Removes the stale temporary files directly in `directory` (not in its sub-folders)
    /// and returns their paths. A directory that cannot be read removes nothing.
    public static func remove(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let owner = AtomicFileWriter.temporaryOwner(of: name), owner != getpid() { names.append(name) }
        }
        var removed: [String] = []
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for name in names.sorted() {
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG,
                let owner = AtomicFileWriter.temporaryOwner(of: name)
            else { continue }
            let ownerGone = kill(owner, 0) != 0 && errno == ESRCH
            let old = Int(now.tv_sec - status.st_mtim.tv_sec) > staleSeconds
            guard ownerGone || old else { continue }
            if unlinkat(descriptor, name, 0) == 0 { removed.append(directory + "/" + name) }
        }
        return removed
    }
}
