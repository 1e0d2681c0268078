import Foundation
import Testing

/// A recording cut short by a kill is listed as interrupted and replays up to its last whole
/// frame; a recording whose description is missing or damaged is listed with what is wrong,
/// and replaying it says so in one line.
@Suite struct InterruptedRecordingTests {
    typealias Scratch = LabTests.Scratch

    @Test func aKilledRecordingIsListedAsInterruptedAndReplays() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Killed once the press has reached the events file, while the recording runs on.
        let process = Process()
        process.executableURL = ForcePadProcess.binary
        process.arguments = ["--state-dir", scratch.state.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("record start cut\nsim press 200g for 300ms\nwait 20s\n".utf8))
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && (try? scratch.text("recordings/cut/events.jsonl"))?.contains("press.released") != true { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let info = try #require(try JSONSerialization.jsonObject(with: Data(scratch.text("recordings/cut/recording.json").utf8)) as? [String: Any])
        #expect(info["stopped"] == nil && info["stopped_by"] == nil)

        let list = try ForcePadProcess.run(["--state-dir", scratch.state.path], lines: ["mode json", "record list"])
        let recordings = try #require(LabTests.answers(list, to: "record").first?["recordings"] as? [[String: Any]])
        #expect(recordings.count == 1)
        #expect(recordings.first?["name"] as? String == "cut" && recordings.first?["state"] as? String == "interrupted")
        let frames = try #require(recordings.first?["frames"] as? Int)
        let rows = try scratch.text("recordings/cut/frames.csv").split(separator: "\n", omittingEmptySubsequences: false).dropLast().count - 1
        #expect(frames == rows && frames > 300)

        let replay = try ForcePadProcess.run(["replay", scratch.state.appendingPathComponent("recordings/cut").path, "--json"], input: Data())
        #expect(replay.status == 0)
        #expect(replay.standardError.contains("was cut short (never stopped): replaying its \(frames) whole frames"))
        #expect(replay.standardError.contains("identical to the recording"), "\(replay.standardError)")
        #expect(LabTests.objects(replay.outputLines).contains { $0["event"] as? String == "press.began" })
    }

    /// An export killed part way leaves no `NAME.forces.csv` (only a temporary file, which
    /// the next start removes), so the next export is not refused.
    @Test func aKilledExportLeavesNoPartialExport() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let made = try ForcePadProcess.run(
            ["--state-dir", scratch.state.path], lines: ["record start long", "sim press 200g for 100ms", "wait 300ms", "record stop"])
        #expect(made.status == 0)
        // Two minutes of frames: the first 0.4 s repeated with later times.
        let folder = scratch.state.appendingPathComponent("recordings/long")
        let recorded = try scratch.text("recordings/long/frames.csv").split(separator: "\n").map(String.init)
        let header = recorded[0], rows = Array(recorded.dropFirst())
        let first = try #require(Int64(rows[0].split(separator: ",")[0]))
        var lines = [header]
        var time = first
        while lines.count <= 120_000 {
            for row in rows where lines.count <= 120_000 {
                lines.append("\(time)," + row.split(separator: ",").dropFirst().joined(separator: ","))
                time += 1000
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        var info = try #require(try JSONSerialization.jsonObject(with: Data(scratch.text("recordings/long/recording.json").utf8)) as? [String: Any])
        info["frames"] = lines.count - 1
        info["last_t_us"] = time - 1000
        try JSONSerialization.data(withJSONObject: info).write(to: folder.appendingPathComponent("recording.json"))

        let process = Process()
        process.executableURL = ForcePadProcess.binary
        process.arguments = ["--state-dir", scratch.state.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("record export long\nwait 60s\n".utf8))
        let reports = scratch.state.appendingPathComponent("reports").path
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && ((try? FileManager.default.contentsOfDirectory(atPath: reports)) ?? []).isEmpty { usleep(1_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: reports + "/long.forces.csv"), "a partial export was left")

        let again = try ForcePadProcess.run(["--state-dir", scratch.state.path], lines: ["mode json", "record export long"])
        let answer = try #require(LabTests.answers(again, to: "record").first)
        #expect(answer["rows"] as? Int == 120_000, "\(answer)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports).sorted() == ["long.forces.csv", "long.presses.csv"])
    }

    @Test func aRecordingWithoutItsDescriptionIsListedAndReplayingItSaysWhy() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let folder = scratch.state.appendingPathComponent("recordings/bare")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "t_us,ch0,ch1,ch2,ch3\n1000,0,0,0,0\n".write(to: folder.appendingPathComponent("frames.csv"), atomically: false, encoding: .utf8)
        let problem = "\(folder.path)/recording.json: missing: the recording was cut short before it was described; replay \(folder.path)/frames.csv as a trace, or delete \(folder.path)"

        let list = try ForcePadProcess.run(["--state-dir", scratch.state.path], lines: ["mode json", "record list", "replay bare"])
        let recordings = try #require(LabTests.answers(list, to: "record").first?["recordings"] as? [[String: Any]])
        #expect(recordings.first?["state"] as? String == "unusable" && recordings.first?["problem"] as? String == problem)
        #expect(LabTests.answers(list, to: "replay").first?["error"] as? String == problem)

        let replay = try ForcePadProcess.run(["replay", folder.path], input: Data())
        #expect(replay.status == 2)
        #expect(replay.standardError == "forcepad: \(problem)\n")
    }

    @Test(arguments: [
        ("{\"format\":", "not valid JSON"),
        ("{\"format\": 1}", "key format has the wrong type"),
        ("{}", "key format is missing"),
    ])
    func aDamagedDescriptionIsOneLineNamingTheFileAndTheFix(text: String, what: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let folder = scratch.state.appendingPathComponent("recordings/bad")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("recording.json"), atomically: false, encoding: .utf8)
        let replay = try ForcePadProcess.run(["replay", folder.path], input: Data())
        #expect(replay.status == 2)
        #expect(replay.standardError
            == "forcepad: \(folder.path)/recording.json: damaged (\(what)); restore it from a copy, or replay \(folder.path)/frames.csv as a trace\n")
    }
}
