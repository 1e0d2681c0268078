import Foundation
import ForcePadHAL
import Glibc
import Testing

/// `forcepad probe` on the sim board with a `[reference]`: a Mark-10 gauge answering on a
/// pseudo-terminal is read for a second (answer, rate, steadiness, answer delay); a NAU7802
/// on an adapter that does not exist fails with the open error.
@Suite struct ReferenceProbeTests {
    /// The shipped sim board with its simulated reference replaced by `reference`, written to
    /// a temporary file.
    static func board(_ reference: String) throws -> String {
        try ReferenceForceTests.board { shipped in
            String(shipped[..<shipped.range(of: "\n# A reference force sensor")!.lowerBound]) + "\n" + reference + "\n"
        }
    }

    static func checks(_ result: ForcePadProcess.Result) throws -> [String] {
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        return (report["checks"] as! [[String: String]]).map { "\($0["check"]!): \($0["result"]!): \($0["detail"]!)" }
    }

    @Test func aGaugeOnAPseudoTerminalIsReadForASecond() throws {
        let terminal = try PseudoTerminal()
        let controller = terminal.controllerDescriptor
        let gauge = try PosixThread { Self.answer(on: controller, with: "0.12 N\r\n") }
        let board = try Self.board(
            "[reference]\nmodel = \"mark10\"\ndevice = \"\(terminal.subordinatePath)\"\nbaud = 115200\nrate_hz = 20")
        let result = try ForcePadProcess.run(["probe", "--board", board, "--json"], lines: [])
        gauge.join()
        let checks = try Self.checks(result).filter { $0.hasPrefix("reference") }
        #expect(checks.count == 4)
        #expect(checks.first == "reference mark10: ok: answered on \(terminal.subordinatePath) at 115200 baud: 12.237g")
        #expect(checks.contains { $0.hasPrefix("reference rate: ok: ") && $0.hasSuffix(" Hz of 20 set") })
        #expect(checks.contains { $0.contains(" gaps over two periods (longest ") || $0.contains(" 1 gap over two periods (longest ") })
        #expect(checks.contains("reference reading: ok: spread 0g over 20 readings with nothing on the pad: steady")
            || checks.contains("reference reading: ok: spread 0g over 21 readings with nothing on the pad: steady"))
        #expect(checks.contains { $0.hasPrefix("reference answer delay: ok: min ") && $0.contains(" answers") })
    }

    @Test func aNAU7802OnAMissingAdapterFailsWithTheOpenError() throws {
        let board = try Self.board("[reference]\nmodel = \"nau7802\"\nbus = \"/dev/i2c-97\"\nscale = 420")
        let result = try ForcePadProcess.run(["probe", "--board", board, "--json"], lines: [])
        #expect(result.status == 1)
        let checks = try Self.checks(result).filter { $0.hasPrefix("reference") }
        #expect(checks.count == 1)
        #expect(checks.first?.hasPrefix("reference NAU7802 0x2a: FAIL: open /dev/i2c-97 failed: ") == true)
    }

    /// Answers every CR on `descriptor` with `answer` until the far side, once opened, closes
    /// again (or nothing is asked for 10 s).
    static func answer(on descriptor: Int32, with answer: String) {
        let bytes = Array(answer.utf8)
        var opened = false
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 100) >= 0 else { return }
            if watch.revents & Int16(POLLIN) != 0 {
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { continue }
                opened = true
                for byte in buffer[..<count] where byte == 0x0D {
                    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                }
            } else if watch.revents & Int16(POLLHUP) != 0 {
                if opened { return }
                usleep(10_000)
            }
        }
    }
}
