import Foundation
import Testing

/// Control characters in data (a shortcut's title from the config file here; the shell
/// refuses them in typed lines) are shown, never obeyed.
@Suite struct ControlCharacterTests {
    /// Runs `lines` with a config whose shortcut's title holds ESC [2J, BEL and a C1 CSI.
    private func run(_ arguments: [String], lines: [String]) throws -> ForcePadProcess.Result {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-control-\(UUID().uuidString).toml")
        let text = [#"[[shortcuts]]"#, #"type = "lab.x""#, #"title = "A\u001b[2JB\u0007\u009b31m""#, #"command = "status""#, ""]
        try text.joined(separator: "\n").write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        return try ForcePadProcess.run(arguments + ["--config", config.path], lines: lines)
    }

    @Test func aTitleWithAnEscapeSequenceIsShownEscaped() throws {
        let result = try run([], lines: ["shortcut list"])
        #expect(result.status == 0)
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(result.standardOutput.contains(#""A\u001b[2JB\u0007\u009b31m""#), "\(result.standardOutput)")
    }

    @Test func jsonModeKeepsTheTitleAsValidJSON() throws {
        let result = try run(["--json"], lines: ["shortcut list"])
        #expect(result.status == 0)
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        let list = try #require(result.outputLines.last { $0.contains("\"cmd\":\"shortcut\"") })
        let object = try JSONSerialization.jsonObject(with: Data(list.utf8))
        #expect("\(object)".contains("lab.x"))
        #expect(list.contains(#"A\u001b[2JB\u0007\u009b31m"#))
        let decoded = try #require(String(data: try JSONSerialization.data(withJSONObject: object), encoding: .utf8))
        #expect(decoded.unicodeScalars.contains("\u{1B}") || decoded.contains(#"\u001b"#))
    }
}
