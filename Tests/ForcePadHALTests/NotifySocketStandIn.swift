@testable import ForcePadHAL
import Foundation

/// A local AF_UNIX datagram socket standing in for systemd's `$NOTIFY_SOCKET`: every
/// message, with the monotonic time it arrived.
final class NotifySocketStandIn {
    let path: String
    private let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-notify-\(UUID().uuidString.prefix(8))").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Messages received until `seconds` have passed, each with its arrival (µs, monotonic).
    func receive(for seconds: Double) -> [(micros: Int64, message: String)] {
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + Int64(seconds * 1_000_000)
        var received: [(Int64, String)] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while clock.nowMicros() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10) == 1 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { received.append((clock.nowMicros(), String(decoding: buffer[0..<count], as: UTF8.self))) }
        }
        return received
    }
}
