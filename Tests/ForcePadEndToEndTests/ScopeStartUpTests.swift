import Foundation
import Testing

/// `--http` that cannot serve ends the start at once with one line naming the address, what is
/// wrong and the fix; the loop it had started is stopped.
@Suite struct ScopeStartUpTests {
    func withStateDirectory(_ body: (_ folder: String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-scope-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func aPortInUseIsNamedWithTheFix() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                #expect(bind(listener, generic, length) == 0 && listen(listener, 1) == 0)
                #expect(getsockname(listener, generic, &length) == 0)
            }
        }
        let port = UInt16(bigEndian: address.sin_port)
        try withStateDirectory { folder in
            let result = try ForcePadProcess.run(["--no-rt", "--http", "127.0.0.1:\(port)", "--state-dir", folder], input: Data(), timeout: 20)
            #expect(result.status == 2)
            #expect(result.standardError.hasSuffix(
                "forcepad: --http 127.0.0.1:\(port): the port is in use; give another port, or stop what listens there (ss -ltnp shows it)\n"),
                "\(result.standardError)")
        }
    }

    @Test func anAddressThatIsNotOneIsRefused() throws {
        try withStateDirectory { folder in
            let result = try ForcePadProcess.run(["--no-rt", "--http", "pi.local:8080", "--state-dir", folder], input: Data(), timeout: 20)
            #expect(result.status == 2)
            #expect(result.standardError.hasSuffix(
                "forcepad: --http pi.local:8080: 'pi.local' is not an IP address (names other than localhost are not looked up); give HOST:PORT, e.g. --http 127.0.0.1:8080 (this machine only) or --http 0.0.0.0:8080 (the lab's network, with a token)\n"),
                "\(result.standardError)")
        }
    }

    @Test func aShortTokenFileIsRefusedWithItsLineAndTheFix() throws {
        try withStateDirectory { folder in
            try "short\n".write(toFile: folder + "/token", atomically: false, encoding: .utf8)
            let result = try ForcePadProcess.run(
                ["--no-rt", "--http", "0.0.0.0:0", "--http-token-file", folder + "/token", "--state-dir", folder + "/state"], input: Data(), timeout: 20)
            #expect(result.status == 2)
            #expect(result.standardError.hasSuffix(
                "forcepad: \(folder)/token:1: the token must be at least 16 printable characters without spaces; write one, e.g. with: openssl rand -hex 16 > \(folder)/token\n"),
                "\(result.standardError)")
        }
    }
}
