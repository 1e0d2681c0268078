import Glibc

/// Replaces a file the user may want back (the config file of `config save`, the calibration
/// of `calibrate save`), keeping the version it replaces as `NAME~`.
///
/// The previous text is written to `NAME~` first, then the new text to `NAME`, each through
/// ``AtomicFileWriter``: a crash at any moment leaves `NAME` whole, either the old or the new
/// version, and `NAME~` whole too. A symbolic link, or anything but a regular file, at either
/// name is refused before anything is written. `NAME~` takes the permission bits, owner and
/// group of `NAME` (a config kept 0600 keeps its backup 0600 too).
public enum BackedUpFileWriter {
    /// Appended to the file's name for the previous version.
    public static let previousSuffix = "~"

    /// Refuses a symbolic link or anything but a regular file at `path` or at its `~` name;
    /// `advice` ends the message (what to do instead).
    public static func refuseLinks(_ path: String, advice: String) throws(ConfigError) {
        for name in [path, path + previousSuffix] {
            var status = stat()
            guard lstat(name, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFLNK {
                throw ConfigError(file: name, line: nil, key: "file", message: "is a symbolic link, which is never written through; \(advice)")
            }
            if status.st_mode & S_IFMT != S_IFREG {
                throw ConfigError(file: name, line: nil, key: "file", message: "is not a regular file; \(advice)")
            }
        }
    }

    /// Writes `text` to `path` after keeping `previous` (the file's text as read, nil when
    /// there was no file) as `path~`; returns the `~` file's path, nil when none was written.
    /// Errors end with `hint`.
    @discardableResult
    public static func write(_ text: String, to path: String, previous: String?, hint: String) throws(ConfigError) -> String? {
        if let previous { try AtomicFileWriter.write(previous, to: path + previousSuffix, permissionsOf: path, hint: hint) }
        try AtomicFileWriter.write(text, to: path, hint: hint)
        return previous == nil ? nil : path + previousSuffix
    }
}
