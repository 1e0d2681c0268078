import Foundation
import Testing

/// Issue #26, case 7: a recording holds a copy of its board file, content-hashed in
/// `recording.json`, so `forcepad replay FOLDER` needs no `--board`, and a `--board` with
/// other content is refused naming both digests.
@Suite struct RecordedBoardFileTests {
    static func sha256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func aRecordingOfABoardFileReplaysFromItsFolderAlone() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml"), encoding: .utf8)
        let board = scratch.directory.appendingPathComponent("sim-physical.toml").path
        try shipped.replacingOccurrences(of: "name = \"sim\"", with: "name = \"sim-physical\"")
            .replacingOccurrences(of: "model = \"ideal\"", with: "model = \"physical\"")
            .write(toFile: board, atomically: true, encoding: .utf8)
        let made = try ForcePadProcess.run(["--board", board, "--state-dir", scratch.state.path, "--json"], lines: [
            "record start session", "sim press 200g for 200ms at 0.375", "sim press 400g for 300ms at 0.625", "wait 100ms", "record stop", "quit",
        ])
        #expect(LabTests.answers(made, to: "record").allSatisfy { $0["ok"] as? Bool == true }, "\(made.outputLines)")
        let folder = scratch.state.appendingPathComponent("recordings/session").path
        let digest = try Self.sha256(board)
        #expect(try scratch.text("recordings/session/board.toml") == String(contentsOfFile: board, encoding: .utf8))
        let info = try #require(try JSONSerialization.jsonObject(with: Data(scratch.text("recordings/session/recording.json").utf8)) as? [String: Any])
        #expect(info["board_file_sha256"] as? String == "sha256:" + digest)

        // From its folder alone, and from another working directory than the board file's.
        let alone = try ForcePadProcess.run(["replay", folder], input: Data())
        #expect(alone.status == 0, "\(alone.standardError)")
        #expect(alone.standardError.contains("identical to the recording"), "\(alone.standardError)")
        let same = try ForcePadProcess.run(["replay", folder, "--board", board], input: Data())
        #expect(same.status == 0, "\(same.standardError)")

        // A --board with other content is refused, naming both digests.
        let edited = scratch.directory.appendingPathComponent("edited.toml").path
        try (String(contentsOfFile: board, encoding: .utf8) + "\n# edited\n").write(toFile: edited, atomically: true, encoding: .utf8)
        let refused = try ForcePadProcess.run(["replay", folder, "--board", edited], input: Data())
        #expect(refused.status == 2)
        let other = try Self.sha256(edited)
        #expect(refused.standardError.contains(String(digest.prefix(12))) && refused.standardError.contains(String(other.prefix(12))), "\(refused.standardError)")

        // A recording made before the copy (no board.toml, no digest) still replays with --board.
        try FileManager.default.removeItem(atPath: folder + "/board.toml")
        var older = info
        older.removeValue(forKey: "board_file_sha256")
        try JSONSerialization.data(withJSONObject: older).write(to: URL(fileURLWithPath: folder + "/recording.json"))
        let old = try ForcePadProcess.run(["replay", folder, "--board", board], input: Data())
        #expect(old.status == 0, "\(old.standardError)")
        #expect(old.standardError.contains("identical to the recording"), "\(old.standardError)")
    }
}
