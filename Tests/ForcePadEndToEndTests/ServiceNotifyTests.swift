import Foundation
import Testing

/// Under systemd (`Type=notify`, `WatchdogSec=`): READY=1 once the first frame is processed,
/// WATCHDOG=1 while the loop runs, STOPPING=1 at the end, over a local datagram socket
/// standing in for `$NOTIFY_SOCKET`.
@Suite struct ServiceNotifyTests {
    /// Binds a datagram socket at a new path and collects what arrives while `body` runs.
    func withNotifySocket(_ body: (String) throws -> Void) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-notify-\(UUID().uuidString.prefix(8))").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        try body(path)
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { break }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
        return messages
    }

    @Test func readyAfterTheFirstFramePingsWhileRunningAndStoppingAtTheEnd() throws {
        let messages = try withNotifySocket { path in
            let result = try ForcePadProcess.run(
                ["--no-rt"], lines: ["wait 600ms", "quit"],
                environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000", "WATCHDOG_PID": ""])
            #expect(result.status == 0)
        }
        #expect(messages.first?.hasPrefix("READY=1\nSTATUS=running on board sim") == true)
        #expect(messages.filter { $0 == "WATCHDOG=1" }.count >= 4)
        #expect(messages.last == "STOPPING=1")
        #expect(!messages.contains { $0.hasPrefix("WATCHDOG=trigger") })
    }
}
