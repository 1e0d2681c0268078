import ForcePadConfig
import ForcePadCore
import Glibc

/// A file of lines a capture appends to: created new (never over an existing file, never
/// through a symlink: `O_CREAT|O_EXCL|O_NOFOLLOW`), written
/// in large blocks, flushed to disk on close. When a write fails (a full disk) the file is
/// cut back to its last whole line, so what was written stays readable. Errors carry
/// errno's text so the operator can act.
final class CaptureFile {
    let path: String
    private var descriptor: Int32
    private var pending: [UInt8] = []
    /// Bytes in the file, all of them whole lines.
    private var size: Int64 = 0
    /// Whole lines in the file.
    private(set) var linesWritten = 0
    /// Bytes buffered before a write.
    static let blockBytes = 64 << 10

    /// Creates `path`; fails if it exists or cannot be created.
    init(creating path: String) throws(CommandFailure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure("cannot create \(path)") }
        pending.reserveCapacity(Self.blockBytes * 2)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Buffers `text`, writing a block when enough has gathered.
    func append(_ text: String) throws(CommandFailure) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.blockBytes { try flush() }
    }

    /// Writes what is buffered.
    func flush() throws(CommandFailure) {
        var offset = 0
        while offset < pending.count {
            let written = pending.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let failure = Self.failure("cannot write \(path)")
                let whole = pending[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                size += Int64(whole)
                linesWritten += pending[..<whole].count { $0 == UInt8(ascii: "\n") }
                ftruncate(descriptor, off_t(size))
                pending.removeAll()
                throw failure
            }
            offset += written
        }
        size += Int64(pending.count)
        linesWritten += pending.count { $0 == UInt8(ascii: "\n") }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered, flushes the file to disk and closes it. The file is closed
    /// even when writing fails (what was written stays).
    func close() throws(CommandFailure) {
        guard descriptor >= 0 else { return }
        defer {
            Glibc.close(descriptor)
            descriptor = -1
        }
        try flush()
        if fsync(descriptor) != 0 { throw Self.failure("cannot flush \(path) to disk") }
    }

    /// Gives the closed, complete file its final name `path` as well (a hard link: it fails
    /// when `path` exists, so nothing is replaced), and flushes the folder. The caller
    /// removes the first name.
    func publish(as path: String) throws(CommandFailure) {
        guard link(self.path, path) == 0 else {
            throw errno == EEXIST
                ? CommandFailure("\(path) exists; it is never overwritten: move it away and try again")
                : Self.failure("cannot name \(path)")
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            Glibc.close(descriptor)
        }
    }

    /// Makes a new file at `path` whole or not at all: `write` fills a temporary file beside it
    /// (``AtomicFileWriter/temporaryName(for:using:)``, which start-up removes if forcepad is
    /// killed meanwhile), which is closed, flushed and then given the name `path` (``publish(as:)``,
    /// never replacing a file); the temporary name is removed either way.
    static func writeWhole(_ path: String, _ write: (CaptureFile) throws(CommandFailure) -> Void) throws(CommandFailure) {
        var generator = SystemRandomNumberGenerator()
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temporary = String(path[..<slash]) + AtomicFileWriter.temporaryName(for: String(path[slash...]), using: &generator)
        let file = try CaptureFile(creating: temporary)
        defer { unlink(temporary) }
        try write(file)
        try file.close()
        try file.publish(as: path)
    }

    private static func failure(_ what: String) -> CommandFailure {
        let reason = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        return CommandFailure("\(what): \(reason); check the disk space and the state directory's permissions")
    }
}
