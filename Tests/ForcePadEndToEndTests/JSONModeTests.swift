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

    /// In JSON mode every line on standard output is JSON, whatever is typed: a few thousand
    /// garbled commands among real ones (presses, monitor without `json`, haptics).
    @Test func everyLineIsJSONWhateverIsTyped() throws {
        var generator = SeededGenerator(seed: 29)
        let words = ["sim", "press", "200g", "monitor", "haptic", "test", "effect", "status", "threshold", "peek", "record",
                     "\"", "'", "\\", "{", "}", "--", "0x1F", "é", "🙂", "\u{9B}", "\t", "for", "10ms", "json", "mode"]
        var lines = ["sim press 400g for 30ms", "monitor 20Hz for 200ms", "haptic test effect 24", "sim press 200g for 20ms"]
        for _ in 0..<3000 {
            let count = Int(generator.next() % 6)
            lines.append((0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " "))
        }
        lines.removeAll { $0.hasPrefix("mode") || $0.contains("quit") }
        let result = try ForcePadProcess.run(["--json"], lines: lines + ["wait 100ms", "quit"])
        #expect(result.status == 0)
        let output = result.outputLines.filter { !$0.isEmpty }
        #expect(output.count > 2000)
        let plain = output.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] == nil }
        #expect(plain.isEmpty, "lines that are not JSON: \(plain.prefix(5))")
        #expect(output.contains { $0.contains("\"event\":\"monitor\"") })
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

/// A repeatable source of pseudo-random numbers (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
