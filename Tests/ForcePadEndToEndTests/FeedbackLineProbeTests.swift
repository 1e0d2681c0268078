import Foundation
import Testing

/// `forcepad probe` on a board whose haptic line is given by chip and offset and that has a
/// `[feedback]` input: both lines are looked for, and each failure names the key to fix.
@Suite struct FeedbackLineProbeTests {
    /// The shipped Pi 4 board with its devices moved away, the haptic line given as
    /// `no-such-chip` offset 18 and a feedback input at offset 23 of a chip path that is absent.
    static func board() throws -> String {
        let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/rpi4-ads7830.toml"), encoding: .utf8)
        let moved = shipped
            .replacingOccurrences(of: "device = \"/dev/i2c-1\"", with: "device = \"/dev/i2c-97\"")
            .replacingOccurrences(
                of: "line = \"GPIO18\"\nchip = \"pinctrl-bcm2711\"\nactive = \"high\"\n",
                with: "chip = \"no-such-chip\"\noffset = 18\nactive = \"high\"\n\n[feedback]\nchip = \"/dev/gpiochip-absent\"\noffset = 23\n")
        #expect(moved.contains("[feedback]"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feedback-\(UUID().uuidString).toml").path
        try moved.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func probeChecksTheHapticLineByOffsetAndTheFeedbackInput() throws {
        let result = try ForcePadProcess.run(["probe", "--board", try Self.board(), "--serial", "/dev/ttyNONE", "--json"], lines: [])
        #expect(result.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        let checks = (report["checks"] as! [[String: String]]).map { "\($0["check"]!): \($0["result"]!): \($0["detail"]!)" }
        #expect(checks.count == 6)
        #expect(checks.contains(
            "haptic line: FAIL: open GPIO line 'no-such-chip:18' failed: GPIO chip 'no-such-chip' not found:"
                + " list chips with gpiodetect and fix haptic.chip in the board file"))
        #expect(checks.contains(
            "feedback line: FAIL: open GPIO line '/dev/gpiochip-absent:23' failed: GPIO chip '/dev/gpiochip-absent' not found:"
                + " list chips with gpiodetect and fix feedback.chip in the board file"))
    }
}
