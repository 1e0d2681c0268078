import Foundation
import Testing

/// The sim board's DRV2605L through the shell: calibration saved and shown by `haptic stats`,
/// the effect list and an effect test, a press with stage sequences from the config file or
/// the shell, and a board without a driver.
@Suite struct HapticDriverCommandTests {
    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func calibrateSavesAndStatsShowTheDriver() throws {
        let result = try ForcePadProcess.run(
            ["--json"], lines: ["haptic stats", "haptic calibrate", "haptic stats", "haptic test effect 24", "quit"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try objects(result.standardOutput)
        let before = try #require(lines[0]["driver"] as? [String: Any])
        #expect(before["model"] as? String == "DRV2605L")
        #expect(before["actuator"] as? String == "lra")
        #expect(before["trigger"] as? String == "gpio-edge")
        #expect(before["calibration_saved"] as? Bool == false)
        #expect(lines[1]["compensation"] as? Int == 0x0D)
        #expect(lines[1]["back_emf"] as? Int == 0x78)
        #expect(lines[1]["back_emf_gain"] as? Int == 1)
        #expect(lines[1]["diag_result"] as? String == "ok")
        // What the registers mean: the drive's compensation factor and the back-EMF in mV.
        #expect(lines[1]["compensation_factor"] as? Double == 1.051)
        #expect(lines[1]["back_emf_mv"] as? Double == 76.549)
        #expect((lines[2]["driver"] as? [String: Any])?["calibration_saved"] as? Bool == true)
        #expect(lines[3]["name"] as? String == "sharp-tick-1-100")
        #expect(lines[3]["title"] as? String == "Sharp Tick 1 - 100%")
    }

    /// The list shows the name `haptic test effect` takes beside the datasheet's title, and
    /// the name read off the list plays that effect; JSON carries both.
    @Test func effectListGivesTheNameTestEffectTakesBesideTheTitle() throws {
        let human = try ForcePadProcess.run([], lines: ["haptic effect list", "quit"])
        let row = try #require(human.outputLines.first { $0.hasPrefix(" 47  ") }, "\(human.standardOutput)")
        let columns = row.split(separator: " ", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(columns == ["47", "buzz-1-100", "Buzz 1 - 100%"])
        let played = try ForcePadProcess.run([], lines: ["haptic test effect \(columns[1])", "quit"])
        #expect(played.outputLines.first == "played effect 47 buzz-1-100 (Buzz 1 - 100%)")

        let json = try ForcePadProcess.run(["--json"], lines: ["haptic effect list", "quit"])
        let effects = try #require(try objects(json.standardOutput).first?["effects"] as? [[String: Any]])
        #expect(effects.count == 123)
        #expect(effects[46]["effect"] as? Int == 47)
        #expect(effects[46]["name"] as? String == "buzz-1-100")
        #expect(effects[46]["title"] as? String == "Buzz 1 - 100%")
    }

    /// A stage sequence set in the shell, as the config file writes it: the press plays the
    /// stages' edges with pop's sequence loaded in time, config save writes it, and *RST puts
    /// back the pattern of the start.
    @Test func aStageSequenceSetInTheShellPlaysAndIsSaved() throws {
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-fx-\(UUID().uuidString).toml")
        try "".write(to: user, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(at: user)
            try? FileManager.default.removeItem(atPath: user.path + "~")
        }
        let result = try ForcePadProcess.run(
            ["--config", user.path],
            lines: [
                "haptic pattern pop \"effect 1 then wait 50ms then effect 1\"", "sim press 400g for 200ms", "haptic stats",
                "config save", "*RST", "haptic stats", "quit",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.outputLines
        #expect(lines.first == "pop: effect 1 then wait 50ms then effect 1")
        #expect(lines.filter { $0.contains(" haptic.on ") }.map { $0.contains(" peek ") ? "peek" : $0.contains(" pop ") ? "pop" : $0 } == ["peek", "pop"])
        #expect(!result.standardOutput.contains("warning: haptic driver"))
        let stats = lines.filter { $0.hasPrefix("driver      ") || $0.hasPrefix("patterns    ") }
        #expect(stats.first?.hasSuffix(", 0 late sequences") == true)
        #expect(stats.dropFirst().first?.contains("pop: effect 1 then wait 50ms then effect 1;") == true)
        #expect(lines.contains("saved haptics.patterns.pop to \(user.path); the previous file is \(user.path)~"))
        let saved = try String(contentsOf: user, encoding: .utf8)
        #expect(saved.contains("[haptics.patterns]\npop = \"effect 1 then wait 50ms then effect 1\"\n"))
        #expect(stats.last?.contains("pop: on 20ms off 30ms on 20ms;") == true)
    }

    @Test func aPressWithStageSequencesPlaysItsEdges() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-fx-\(UUID().uuidString).toml")
        try "[haptics.patterns]\npeek = \"effect 24\"\npop = \"effect 1 then wait 50ms then effect 1\"\n"
            .write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try ForcePadProcess.run(["--json", "--config", config.path], lines: ["sim press 400g for 200ms", "quit"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try objects(result.standardOutput)
        let on = lines.filter { $0["event"] as? String == "haptic.on" }.compactMap { $0["pattern"] as? String }
        #expect(on == ["peek", "pop"])
        #expect(!result.standardOutput.contains("warning: haptic driver"))
    }

    @Test func aBoardWithoutADriverSaysHowToAddOne() throws {
        let board = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-nodriver-\(UUID().uuidString).toml")
        let sim = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml"), encoding: .utf8)
        let start = try #require(sim.range(of: "[haptic.driver]"))
        let end = try #require(sim.range(of: "[serial]"))
        try (String(sim[..<start.lowerBound]) + String(sim[end.lowerBound...])).write(to: board, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: board) }
        let result = try ForcePadProcess.run(["--board", board.path], lines: ["haptic calibrate", "quit"])
        #expect(result.standardOutput.contains(
            "error: board 'sim' has no haptic driver: add [haptic.driver] with model = \"drv2605l\" to its board file (docs/boards.md)"))
    }
}
