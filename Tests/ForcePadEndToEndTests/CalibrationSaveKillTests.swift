import ForcePadConfig
import ForcePadCore
import Foundation
import Glibc
import Testing

/// Issue #27, "done when": forcepad killed (SIGKILL) at random moments while `calibrate save`
/// writes, 100 times, never leaves a calibration file that fails to load or has lost a cell
/// saved before (a cell back on the board default).
@Suite struct CalibrationSaveKillTests {
    static let kills = 100
    static let centres = ["0.125", "0.375", "0.625", "0.875"]

    @Test func killingForcepadDuringCalibrateSaveNeverLosesASavedCell() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let state = scratch.state.path
        let path = state + "/calibration-sim.toml"
        let board = try BoardFileLoader.load(path: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml").path)
        var lines = ["calibrate start"]
        for (cell, centre) in Self.centres.enumerated() {
            lines += ["sim press 50g at \(centre)", "calibrate add 50g cell \(cell)", "sim press 200g at \(centre)", "calibrate add 200g cell \(cell)", "sim release"]
        }
        _ = try ForcePadProcess.run(["--state-dir", state], lines: lines + ["calibrate save", "quit"])
        var saved = try CalibrationFile.load(path: path, board: board).tables
        try #require(saved.count == 4 && !saved.contains(board.calibration))

        var generator = SystemRandomNumberGenerator()
        var killedAfterSave = 0
        for round in 0..<Self.kills {
            let cell = round % 4, heavy = 150 + (round % 7) * 25
            // One session and its save; standard input stays open, so only the kill ends forcepad.
            let script = ["calibrate start cell \(cell)",
                          "sim press 50g at \(Self.centres[cell])", "calibrate add 50g", "sim press \(heavy)g at \(Self.centres[cell])",
                          "calibrate add \(heavy)g", "sim release", "calibrate save"]
            let output = scratch.directory.appendingPathComponent("stdout-\(round)")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: output) }
            let process = Process()
            process.executableURL = ForcePadProcess.binary
            process.arguments = ["--state-dir", state, "--json"]
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = scratch.directory.appendingPathComponent("config").path
            environment["CONFIGURATION_DIRECTORY"] = scratch.directory.appendingPathComponent("etc").path
            process.environment = environment
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data(script.map { $0 + "\n" }.joined().utf8))
            // When the release is answered the save starts; the kill comes 0–20 ms later.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning,
                  (try? String(contentsOf: output, encoding: .utf8))?.contains("\"action\":\"release\"") != true {
                usleep(500)
            }
            usleep(UInt32.random(in: 0...20_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            #expect(process.terminationReason == .uncaughtSignal, "kill \(round): forcepad ended before the kill")
            let answers = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if answers.contains("\"action\":\"save\"") { killedAfterSave += 1 }

            let now: [CalibrationTable]
            do {
                now = try CalibrationFile.load(path: path, board: board).tables
            } catch {
                Issue.record("kill \(round): \(path) does not load: \(error)")
                return
            }
            // Every cell keeps a table it was saved with: the one before, or this session's.
            for index in 0..<4 where index != cell {
                #expect(now[index] == saved[index], "kill \(round): cell \(index) changed though not measured")
            }
            #expect(now[cell] != board.calibration, "kill \(round): cell \(cell) lost its saved table")
            saved = now
        }
        // The kills straddle the save: some before its answer (in or before the write), some after.
        #expect(killedAfterSave > 0 && killedAfterSave < Self.kills, "\(killedAfterSave) of \(Self.kills) kills came after the save answered")
    }
}
