import Glibc

/// Speaks systemd's notification protocol (sd_notify(3)) itself: each message (`READY=1`,
/// `WATCHDOG=1`, `STOPPING=1`, `STATUS=…`) is one datagram sent to the `AF_UNIX` socket named
/// by `$NOTIFY_SOCKET` (a path, or `@name` for the abstract namespace). Without the variable,
/// as when not started by systemd, every message is dropped.
public struct ServiceNotifier: Sendable {
    /// The socket's address as the variable gives it; nil when there is none.
    public let socketPath: String?

    public init(socketPath: String?) {
        self.socketPath = socketPath.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The notifier `$NOTIFY_SOCKET` names.
    public init(environment: [String: String]) {
        self.init(socketPath: environment["NOTIFY_SOCKET"])
    }

    /// The watchdog period systemd expects pings within (µs), from `$WATCHDOG_USEC` when
    /// `$WATCHDOG_PID` is unset or names this process; nil when no watchdog is set.
    public static func watchdogMicros(environment: [String: String]) -> Int64? {
        guard let text = environment["WATCHDOG_USEC"], let micros = Int64(text), micros > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"], !pid.isEmpty, pid_t(pid) != getpid() { return nil }
        return micros
    }

    /// Sends `message` (lines `KEY=VALUE`) without waiting; false when there is no socket or
    /// the send failed.
    @discardableResult
    public func send(_ message: String) -> Bool {
        guard let socketPath else { return false }
        var path = Array(socketPath.utf8)
        let abstract = path.first == UInt8(ascii: "@")
        if abstract { path[0] = 0 }
        var address = sockaddr_un()
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (abstract ? 0 : 1))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), socketAddress, length) }
            }
        }
        return sent == bytes.count
    }
}
