import Glibc

/// Writes a state file so that a crash or power loss leaves either the old or the new
/// file, never a torn one, and so that nothing planted in the state directory can redirect
/// the write elsewhere.
///
/// The text goes to a new temporary file beside the target, `NAME.tmp-PID-RANDOM` (RANDOM:
/// 16 hex digits, a new name on a clash), created with `O_CREAT|O_EXCL|O_NOFOLLOW` relative
/// to the target's directory: a file or symlink already at that name is never opened, so a
/// symlink planted there cannot make the write land outside the directory. The file is
/// fsynced, renamed over the target, and the directory fsynced. `rename` replaces a symlink
/// at the target's own name with the new file (it never writes through it), so a symlinked
/// final component cannot redirect the write either. The target's directory is used as
/// named: confining sub-folders of the state directory is the caller's job.
///
/// A file that is replaced keeps its permission bits, owner and group (a config kept 0600
/// because it may hold a password stays 0600), unless `permissionsOf` names a file whose
/// ones it takes instead (a backup, like the file it backs up); a new file is 0644.
public enum AtomicFileWriter {
    /// Suffix that marks a temporary file: `NAME.tmp-PID-RANDOM`.
    public static let temporaryMarker = ".tmp-"
    /// Names tried before giving up when every one already exists.
    static let nameAttempts = 16

    /// What a failure suggests when no other hint is given.
    public static let stateDirectoryHint = "check the disk and the state directory's permissions"

    /// Writes `text` to `path`; on failure the old file is untouched, no temporary file is
    /// left, and the error says why, then `hint`. The file gets the permission bits, owner and
    /// group of the file at `permissionsOf` if there is one, else keeps its own.
    public static func write(
        _ text: String, to path: String, permissionsOf model: String? = nil, hint: String = stateDirectoryHint
    ) throws(ConfigError) {
        do {
            try write(text, path: path, permissionsOf: model)
        } catch {
            throw ConfigError(file: error.file, line: error.line, key: error.key, message: error.message + "; " + hint)
        }
    }

    private static func write(_ text: String, path: String, permissionsOf model: String?) throws(ConfigError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let directoryDescriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw failure(path, "cannot open the directory \(directory.isEmpty ? "/" : directory)") }
        defer { close(directoryDescriptor) }
        let (descriptor, temporary) = try createTemporary(named: name, in: directoryDescriptor, for: path)
        func discard(_ what: String) -> ConfigError {
            let error = failure(path, what)
            close(descriptor)
            unlinkat(directoryDescriptor, temporary, 0)
            return error
        }
        var kept = stat()
        if model.map({ stat($0, &kept) == 0 && kept.st_mode & S_IFMT == S_IFREG }) == true
            || fstatat(directoryDescriptor, name, &kept, AT_SYMLINK_NOFOLLOW) == 0 && kept.st_mode & S_IFMT == S_IFREG
        {
            if fchmod(descriptor, kept.st_mode & 0o7777) != 0 { throw discard("cannot give it the permissions of the file it replaces") }
            if (kept.st_uid != geteuid() || kept.st_gid != getegid()) && fchown(descriptor, kept.st_uid, kept.st_gid) != 0 {
                throw discard("cannot give it the owner and group of the file it replaces")
            }
        }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw discard("cannot write")
            }
            offset += written
        }
        if fsync(descriptor) != 0 { throw discard("cannot flush to disk") }
        close(descriptor)
        guard renameat(directoryDescriptor, temporary, directoryDescriptor, name) == 0 else {
            let error = failure(path, "cannot replace the file")
            unlinkat(directoryDescriptor, temporary, 0)
            throw error
        }
        fsync(directoryDescriptor)
    }

    /// The PID in `name` when it has the shape of a temporary file's name
    /// (`NAME.tmp-PID` of earlier versions, or `NAME.tmp-PID-RANDOM`), else nil.
    public static func temporaryOwner(of name: String) -> pid_t? {
        let bytes = Array(name.utf8), marker = Array(temporaryMarker.utf8)
        guard bytes.count > marker.count else { return nil }
        guard let start = (1...(bytes.count - marker.count)).reversed().first(where: { Array(bytes[$0..<$0 + marker.count]) == marker })
        else { return nil }
        let parts = bytes[(start + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let pid = pid_t(String(decoding: parts[0], as: UTF8.self)), pid > 0 else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else { return nil }
        }
        return pid
    }

    /// A new temporary name for the file `name`: `NAME.tmp-PID-RANDOM`, which start-up
    /// removes if the writer died (``temporaryOwner(of:)``).
    public static func temporaryName(for name: String, using generator: inout some RandomNumberGenerator) -> String {
        let random = String(generator.next() as UInt64, radix: 16)
        return name + temporaryMarker + "\(getpid())-" + String(repeating: "0", count: 16 - random.count) + random
    }

    /// Creates a new temporary file for `name` in the directory open as `directory`.
    private static func createTemporary(named name: String, in directory: Int32, for path: String) throws(ConfigError) -> (Int32, String) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<nameAttempts {
            let temporary = temporaryName(for: name, using: &generator)
            let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { throw failure(path, "cannot create \(path.dropLast(name.count))\(temporary)") }
        }
        throw failure(path, "cannot create a temporary file beside it (\(nameAttempts) names taken)")
    }

    private static func failure(_ path: String, _ what: String) -> ConfigError {
        let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return ConfigError(file: path, line: nil, key: "file", message: "\(what): \(reason)")
    }
}
