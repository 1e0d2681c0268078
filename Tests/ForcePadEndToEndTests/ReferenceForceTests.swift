import Foundation
import Testing

/// The reference force beside the pad's own estimate: in `force`, `status` and events on the
/// sim board (whose `[reference]` reports the true force), and nowhere without a reference.
@Suite struct ReferenceForceTests {
    static func objects(_ result: ForcePadProcess.Result) -> [[String: Any]] {
        result.outputLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// boards/sim.toml with `edit` applied, written to a scratch file.
    static func board(_ edit: (String) -> String) throws -> String {
        let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml"), encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-board-\(UUID().uuidString).toml").path
        try edit(shipped).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func forceStatusAndStagesCarryTheReference() throws {
        let result = try ForcePadProcess.run(
            ["--json"], lines: ["sim press 320g", "wait 300ms", "force", "status", "sim release", "wait 100ms", "quit"])
        #expect(result.status == 0)
        let objects = Self.objects(result)
        let force = try #require(objects.first { $0["cmd"] as? String == "force" })
        let reference = try #require(force["reference_g"] as? Double)
        #expect(abs(reference - 320) <= 0.5)
        let status = try #require((objects.first { $0["cmd"] as? String == "status" })?["force"] as? [String: Any])
        let channel = try #require((objects.first { $0["cmd"] as? String == "status" })?["reference"] as? [String: Any])
        #expect(channel["name"] as? String == "sim reference" && channel["period_us"] as? Int == 12_500)
        #expect((channel["read"] as? Int ?? 0) >= 10 && channel["dropped"] as? Int == 0)
        #expect(channel["gaps"] is Int && (channel["longest_gap_us"] as? Int ?? 0) >= 12_000, "\(channel)")
        #expect(abs((status["reference_g"] as? Double ?? 0) - 320) <= 0.5)
        let stages = objects.filter { ["press.peek", "press.pop"].contains($0["event"] as? String) }
        #expect(stages.map { $0["event"] as? String } == ["press.peek", "press.pop"])
        // Each stage carries the reference's reading nearest its frame: a force the press passed
        // through on its 20 ms ramp to 320 g (80 readings a second, so up to 12.5 ms away).
        for stage in stages {
            let truth = try #require(stage["reference_g"] as? Double)
            #expect(truth >= 0 && truth <= 320.5)
        }
    }

    /// A recording longer than the live history of readings (512: 6.4 s at 80 SPS) replays
    /// every stage with the `reference_g` it was recorded with, the first as well as the last.
    @Test func aLongRecordingReplaysEveryStagesReference() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let made = try ForcePadProcess.run(
            ["--state-dir", scratch.state.path],
            lines: ["record start long", "sim press 400g for 100ms", "wait 7s", "sim press 400g for 100ms", "wait 200ms", "record stop"])
        #expect(made.status == 0)
        let recorded = try scratch.text("recordings/long/events.jsonl").split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { ["press.peek", "press.pop"].contains($0["event"] as? String) }
        #expect(recorded.count == 4 && recorded.allSatisfy { $0["reference_g"] != nil })
        let replay = try ForcePadProcess.run(
            ["replay", scratch.state.appendingPathComponent("recordings/long").path, "--json"], input: Data())
        let replayed = Self.objects(replay).filter { ["press.peek", "press.pop"].contains($0["event"] as? String) }
        #expect(replayed.map { $0["reference_g"] as? Double } == recorded.map { $0["reference_g"] as? Double })
        #expect(replay.standardError.contains("identical to the recording"), "\(replay.standardError)")
    }

    @Test func humanForceShowsTheReferenceAndTheDifference() throws {
        let result = try ForcePadProcess.run([], lines: ["sim press 200g", "wait 300ms", "force", "quit"])
        let line = try #require(result.outputLines.first { $0.hasPrefix("reference   ") })
        #expect(line.hasPrefix("reference   199.") || line.hasPrefix("reference   200."))
        #expect(line.contains("(pad total − reference "))
    }

    /// status labels the reference sensor and its reading apart, and no two lines alike.
    @Test func statusLabelsTheReferenceSensorAndItsReadingApart() throws {
        // After the first readings (one every 12.5 ms), so the reading's line is there.
        let result = try ForcePadProcess.run([], lines: ["wait 200ms", "status", "quit"])
        let labels = result.outputLines.filter { $0.count > 12 && $0.first != " " }.map { String($0.prefix(12)) }
        #expect(labels.contains("ref sensor  ") && labels.contains("reference   "))
        #expect(Set(labels).count == labels.count, "\(labels)")
    }

    @Test func withoutAReferenceNothingIsShown() throws {
        let board = try Self.board { text in String(text[..<text.range(of: "\n# A reference force sensor")!.lowerBound]) + "\n" }
        defer { try? FileManager.default.removeItem(atPath: board) }
        let result = try ForcePadProcess.run(
            ["--board", board, "--json"], lines: ["sim press 320g", "wait 300ms", "force", "quit"])
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("reference"))
        #expect(Self.objects(result).contains { $0["event"] as? String == "press.pop" })
    }

    @Test func thePhysicalPadMisreadsWhatTheReferenceMeasures() throws {
        let board = try Self.board { $0.replacingOccurrences(of: "model = \"ideal\"", with: "model = \"physical\"") }
        defer { try? FileManager.default.removeItem(atPath: board) }
        let result = try ForcePadProcess.run(
            ["--board", board, "--json"], lines: ["sim press 150g at 0.125", "wait 300ms", "force", "quit"])
        let force = try #require(Self.objects(result).first { $0["cmd"] as? String == "force" })
        let total = try #require(force["total_g"] as? Double), reference = try #require(force["reference_g"] as? Double)
        #expect(abs(reference - 150) <= 0.5)
        // Cell 0's sensitivity with seed 1 is off by more than a few grams at 150 g.
        #expect(abs(total - reference) > 3)
    }
}

extension ReferenceForceTests {
    /// A trace pressing cell 0 from 0 to 450 g over 3 s and back to 0 over 2 s, written to a
    /// scratch file.
    static func sweepTrace() throws -> String {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-ramp-\(UUID().uuidString).csv").path
        var rows = ["t_us,g0,g1,g2,g3"]
        for millis in stride(from: 0, through: 5_000, by: 10) {
            let grams = millis <= 3_000 ? 450.0 * Double(millis) / 3_000 : 450.0 * Double(5_000 - millis) / 2_000
            rows.append("\(millis * 1_000),\(String(format: "%.3f", grams)),0,0,0")
        }
        try (rows.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        return trace
    }

    @Test func calibrateSweepFitsACellFromASlowPressAndSavesIt() throws {
        let board = try Self.board { $0.replacingOccurrences(of: "model = \"ideal\"", with: "model = \"physical\"") }
        let trace = try Self.sweepTrace()
        defer {
            try? FileManager.default.removeItem(atPath: board)
            try? FileManager.default.removeItem(atPath: trace)
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let result = try ForcePadProcess.run(
            ["--board", board, "--state-dir", state, "--json"],
            lines: ["calibrate sweep", "calibrate start", "sim play \(trace)", "calibrate sweep cell 0 for 5500ms", "calibrate save", "quit"])
        let answers = Self.objects(result).filter { $0["cmd"] as? String == "calibrate" }
        #expect(answers.count == 4)
        #expect(answers[0]["error"] as? String == "no calibration session; begin with calibrate start [cell N]")
        let sweep = answers[2]
        #expect(sweep["ok"] as? Bool == true, "\(sweep)")
        #expect(sweep["duration_us"] as? Int == 5_500_000)
        // Before the shell blocks for the sweep, an event says it started and for how long.
        let lines = result.outputLines
        let announced = try #require(lines.firstIndex { $0.contains("\"event\":\"calibrate.sweep\"") }, "\(lines)")
        let answered = try #require(lines.firstIndex { $0.contains("\"action\":\"sweep\"") })
        #expect(announced < answered)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(lines[announced].utf8)) as? [String: Any])
        #expect(event["cell"] as? Int == 0 && event["duration_us"] as? Int == 5_500_000 && event["t_us"] is Int)
        #expect(sweep["cell"] as? Int == 0)
        #expect((sweep["points"] as? [Any])?.count == 13)
        #expect((sweep["residual_rms_g"] as? Double ?? 99) < 8)
        #expect((sweep["hysteresis_g"] as? Double ?? 0) > 5)
        #expect(answers[3]["ok"] as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: state + "/calibration-sim.toml"))
    }

    /// Issue #27, case 4: sweeping a cell again replaces its knots instead of interleaving
    /// the two sweeps' knots.
    @Test func aSecondSweepOfACellReplacesTheFirst() throws {
        let board = try Self.board { $0.replacingOccurrences(of: "model = \"ideal\"", with: "model = \"physical\"") }
        let trace = try Self.sweepTrace()
        defer {
            try? FileManager.default.removeItem(atPath: board)
            try? FileManager.default.removeItem(atPath: trace)
        }
        let result = try ForcePadProcess.run(
            ["--board", board, "--json"],
            lines: [
                "calibrate start", "sim play \(trace)", "calibrate sweep cell 0 for 5500ms", "sim play \(trace)", "calibrate sweep cell 0 for 5500ms",
                "calibrate show", "quit",
            ])
        let answers = Self.objects(result).filter { $0["cmd"] as? String == "calibrate" }
        try #require(answers.count == 4, "\(result.outputLines)")
        let (first, second, show) = (answers[1], answers[2], answers[3])
        #expect(first["ok"] as? Bool == true && second["ok"] as? Bool == true, "\(first) \(second)")
        #expect(first["replaced_knots"] is NSNull)
        let firstKnots = (first["points"] as? [Any] ?? []).count - 1, secondKnots = (second["points"] as? [Any] ?? []).count - 1
        #expect(second["replaced_knots"] as? Int == firstKnots)
        #expect((show["session"] as? [Any])?.count == secondKnots, "\(show)")
    }

    @Test func calibrateSweepNeedsAReferenceSensor() throws {
        let board = try Self.board { text in String(text[..<text.range(of: "\n# A reference force sensor")!.lowerBound]) + "\n" }
        defer { try? FileManager.default.removeItem(atPath: board) }
        let result = try ForcePadProcess.run(["--board", board], lines: ["calibrate start", "calibrate sweep", "quit"])
        #expect(result.outputLines.contains(
            "error: calibrate sweep needs a reference sensor: declare [reference] in the board file (docs/boards.md), or calibrate with known weights (calibrate add FORCE)"))
    }
}
