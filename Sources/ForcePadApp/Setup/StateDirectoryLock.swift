import Glibc

/// One ForcePad per state directory: an exclusive `flock` on `STATE/lock`, held from start
/// to exit, the file holding the holder's PID. Two instances on one directory would each
/// rewrite `shortcuts.toml` from their own copy and lose the other's changes, so the second
/// is refused at start. The kernel drops the lock when the process ends however it ends
/// (`kill -9` included), so a lock file left behind never blocks a start.
final class StateDirectoryLock {
    /// The lock file's path.
    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The lock file in `stateDirectory`.
    static func path(in stateDirectory: String) -> String { stateDirectory + "/lock" }

    /// Takes the lock of `stateDirectory`, or says who holds it and what to do.
    static func acquire(_ stateDirectory: String) -> Result<StateDirectoryLock, SetupError> {
        let path = path(in: stateDirectory)
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(SetupError(
                "cannot open the lock file \(path): \(reason(errno)); fix the state directory's permissions or choose another with --state-dir",
                exitCode: 1))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = code == EWOULDBLOCK ? holderPID(descriptor) : nil
            close(descriptor)
            guard code == EWOULDBLOCK else {
                return .failure(SetupError("cannot lock \(path): \(reason(code)); choose another state directory with --state-dir", exitCode: 1))
            }
            let who = holder.map { "another forcepad (PID \($0))" } ?? "another forcepad"
            return .failure(SetupError(
                "the state directory \(stateDirectory) is in use by \(who); stop that one, or give this one its own with --state-dir DIR",
                exitCode: 1))
        }
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return .success(StateDirectoryLock(path: path, descriptor: descriptor))
    }

    /// The PID the holder wrote in the lock file, if it reads as one.
    private static func holderPID(_ descriptor: Int32) -> pid_t? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return pid_t(String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").first ?? "")
    }

    private static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
