import Glibc

/// Writes a state file so that a crash or power loss leaves either the old or the new
/// file, never a torn one: write a temporary file beside it, fsync it, rename it over the
/// target, fsync the directory.
public enum AtomicFileWriter {
    /// Writes `text` to `path`; on failure the old file is untouched and the error says why.
    public static func write(_ text: String, to path: String) throws(ConfigError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot create \(temporary)") }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure(path, "cannot write")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        if fsync(descriptor) != 0 {
            let error = failure(path, "cannot flush to disk")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure(path, "cannot replace the file")
            unlink(temporary)
            throw error
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let directoryDescriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ path: String, _ what: String) -> ConfigError {
        let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return ConfigError(file: path, line: nil, key: "file", message: "\(what): \(reason); check the disk and the state directory's permissions")
    }
}
