import Foundation
import Testing

@Suite struct JSONModeTests {
    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func everyAnswerIsOneJSONObjectPerLine() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["status", "sim press 150g", "status", "bogus", "threshold pop 320g", "quit"])
        #expect(result.status == 0)
        let answers = try objects(result.standardOutput).filter { $0["cmd"] != nil }
        #expect(answers.map { $0["cmd"] as? String } == ["status", "sim", "status", "bogus", "threshold", "quit"])
        #expect(answers.map { $0["ok"] as? Bool } == [true, true, true, false, true, true])
        let force = try #require(answers[2]["force"] as? [String: Any])
        let total = try #require(force["total_g"] as? Double)
        #expect(abs(total - 150) < 2)
        #expect((force["cells_g"] as? [Double])?.count == 4)
        #expect((answers[3]["error"] as? String)?.hasPrefix("unknown command 'bogus'") == true)
        #expect(answers[4]["pop_g"] as? Double == 320)
    }

    @Test func modeCommandSwitchesBothWays() throws {
        let result = try ForcePadProcess.run([], lines: ["mode json", "threshold", "mode human", "threshold", "quit"])
        let lines = result.outputLines
        #expect(lines[0] == #"{"ok":true,"cmd":"mode","mode":"json"}"#)
        #expect(lines[1] == #"{"ok":true,"cmd":"threshold","touch_g":20,"peek_g":150,"pop_g":300,"preset":"medium"}"#)
        #expect(lines[2] == "mode human")
        #expect(lines[3] == "touch 20g  peek 150g  pop 300g  (preset medium)")
    }
}
