import ForcePadHAL
import Foundation
import Testing

/// `*IDN?`, `*RST` and `*OPC?` as a VISA tool sends them: plain lines in human mode, JSON
/// answers of the usual shape in JSON mode.
@Suite struct InstrumentCommandTests {
    private func objects(_ lines: [String]) throws -> [[String: Any]] {
        try lines.filter { !$0.isEmpty }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func identifiesWithFourFieldsInAnyCase() throws {
        let version = try ForcePadProcess.run(["--version"], lines: []).standardOutput.split(separator: " ").first.map(String.init)
        let result = try ForcePadProcess.run([], lines: ["*IDN?", "*idn?", "*IDN? now", "quit"])
        let expected = "ForcePad,sim,\(MachineSerialNumber.read()),\(try #require(version).trimmingCharacters(in: .whitespacesAndNewlines))"
        #expect(Array(result.outputLines.prefix(3)) == [expected, expected, "error: unexpected 'now'; usage: *IDN?"])
        #expect(expected.split(separator: ",").count == 4)
    }

    @Test func answersInJSONModeLikeEveryCommand() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["*IDN?", "*RST", "*OPC?", "quit"])
        let answers = try objects(result.outputLines)
        #expect(answers.map { $0["cmd"] as? String } == ["*IDN?", "*RST", "*OPC?", "quit"])
        #expect(answers.allSatisfy { $0["ok"] as? Bool == true })
        #expect(answers[0]["manufacturer"] as? String == "ForcePad" && answers[0]["model"] as? String == "sim")
        let fields = ["manufacturer", "model", "serial", "version"].compactMap { answers[0][$0] as? String }
        #expect(answers[0]["idn"] as? String == fields.joined(separator: ","))
        #expect(answers[1]["stopped_recording"] is NSNull)
        #expect(answers[2]["complete"] as? Int == 1)
    }

    @Test func resetPutsBackTheSettingsOfStartAndStopsTheRecording() throws {
        let result = try ForcePadProcess.run(["--json"], lines: [
            "threshold peek 100g", "hysteresis dwell 10ms", "filter biquad 40Hz", "haptic pattern peek \"on 10ms\"", "haptic off",
            "log warning", "record start reset-check", "sim press 200g",
            "*RST",
            "threshold", "hysteresis", "filter", "haptic test peek", "haptic", "log", "record", "status", "quit",
        ])
        let answers = try objects(result.outputLines).filter { $0["event"] == nil }
        let byOrder = Dictionary(uniqueKeysWithValues: answers.enumerated().map { ($0.offset, $0.element) })
        #expect(answers.count == 18, "\(result.standardOutput)")
        #expect(byOrder[8]?["cmd"] as? String == "*RST" && byOrder[8]?["stopped_recording"] as? String == "reset-check")
        #expect(byOrder[9]?["peek_g"] as? Double == 150 && byOrder[9]?["preset"] as? String == "medium")
        #expect(byOrder[10]?["dwell_us"] as? Int == 0 && byOrder[10]?["touch_dwell_us"] as? Int == 3000)
        #expect(byOrder[11]?["kind"] as? String == "one-euro")
        #expect(byOrder[12]?["steps"] as? String != "on 10ms")
        #expect(byOrder[13]?["access"] as? String == "on")
        #expect(byOrder[14]?["level"] as? String == "info")
        #expect(byOrder[15]?["recording"] is NSNull)
        let force = try #require((byOrder[16]?["force"] as? [String: Any])?["total_g"] as? Double)
        #expect(force < 20, "the simulated pad is released")
    }

    @Test func resetAnswersNothingInHumanMode() throws {
        let result = try ForcePadProcess.run([], lines: ["*RST", "*OPC?", "quit"])
        #expect(Array(result.outputLines.prefix(2)) == ["1", "bye"])
    }

    @Test func operationCompleteWaitsForThePatternAndItsEvents() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["haptic test pop", "*OPC?", "quit"])
        let lines = try objects(result.outputLines)
        let opc = try #require(lines.firstIndex { $0["cmd"] as? String == "*OPC?" })
        let offs = lines.indices.filter { lines[$0]["event"] as? String == "haptic.off" }
        #expect(offs.count == 2 && offs.allSatisfy { $0 < opc }, "\(result.standardOutput)")
    }

    @Test func operationCompleteWaitsForATraceToPlayOut() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-opc-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var rows = ["t_us,g0,g1,g2,g3"]
        for millisecond in stride(from: 0, through: 400, by: 10) {
            let grams = millisecond >= 50 && millisecond <= 300 ? 120 : 0
            rows.append("\(millisecond * 1000),\(grams),\(grams),\(grams),\(grams)")
        }
        try rows.joined(separator: "\n").write(to: scratch, atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(["--json"], lines: ["sim play \(scratch.path)", "*OPC?", "quit"])
        let lines = try objects(result.outputLines)
        let opc = try #require(lines.firstIndex { $0["cmd"] as? String == "*OPC?" })
        let released = try #require(lines.firstIndex { $0["event"] as? String == "press.released" }, "\(result.standardOutput)")
        #expect(released < opc)
    }

    @Test func operationCompleteDoesNotWaitForATraceThatWasReleased() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-opc-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let rows = ["t_us,g0,g1,g2,g3"] + stride(from: 0, through: 20_000, by: 100).map { "\($0 * 1000),100,100,100,100" }
        try rows.joined(separator: "\n").write(to: scratch, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try ForcePadProcess.run(["--json"], lines: ["sim play \(scratch.path)", "sim release", "*OPC?", "quit"])
        let answers = try objects(result.outputLines).filter { $0["cmd"] != nil }
        #expect(answers.map { $0["cmd"] as? String } == ["sim", "sim", "*OPC?", "quit"])
        #expect(Date().timeIntervalSince(started) < 10, "the 20s trace was released: nothing is pending")
    }

    @Test func helpAndTheReferenceListThem() throws {
        let result = try ForcePadProcess.run([], lines: ["help", "quit"])
        for name in ["*IDN?", "*RST", "*OPC?"] {
            #expect(result.outputLines.contains { $0.hasPrefix("  \(name) ") }, "\(name)")
        }
    }
}
