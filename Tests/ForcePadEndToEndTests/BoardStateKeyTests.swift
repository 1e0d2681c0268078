import Foundation
import Testing

/// Issue #27, case 8: two different board files with the same `name` keep apart state files
/// (calibration, DRV2605L calibration) in one state directory; the first to run owns the
/// plain names, another gets names keyed by its content digest and is told so in one line.
@Suite struct BoardStateKeyTests {
    /// Saves a two-weight calibration of cell 0 and the driver's calibration.
    static let calibrateAndSave = [
        "calibrate start cell 0", "sim press 50g at 0.125", "calibrate add 50g", "sim press 200g at 0.125", "calibrate add 200g",
        "sim release", "calibrate save", "haptic calibrate", "quit",
    ]

    @Test func aCopyOfTheSimBoardKeepingItsNameDoesNotShareItsStateFiles() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let state = scratch.state.path
        let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml"), encoding: .utf8)
        let copy = scratch.directory.appendingPathComponent("sim-physical.toml").path
        try shipped.replacingOccurrences(of: "model = \"ideal\"", with: "model = \"physical\"")
            .write(toFile: copy, atomically: true, encoding: .utf8)

        // The shipped board saves first and so owns calibration-sim.toml and haptic-driver-sim.toml.
        let first = try ForcePadProcess.run(["--state-dir", state], lines: Self.calibrateAndSave)
        #expect(first.outputLines.contains { $0.hasPrefix("saved \(state)/calibration-sim.toml:") }, "\(first.outputLines)")
        let shippedCalibration = try scratch.text("calibration-sim.toml")
        let shippedDriver = try scratch.text("haptic-driver-sim.toml")

        // The copy starts on the board default, says why in one line, and saves beside them.
        let second = try ForcePadProcess.run(["--board", copy, "--state-dir", state, "--json"], lines: ["calibrate show"] + Self.calibrateAndSave)
        let notice = second.standardError.split(separator: "\n").filter { $0.contains("another board file named \"sim\"") }
        #expect(notice.count == 1, "\(second.standardError)")
        let show = try #require(LabTests.answers(second, to: "calibrate").first)
        #expect(show["source"] as? String == "board default")
        let keyed = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("calibration-sim-") && $0.hasSuffix(".toml") }
        #expect(keyed.count == 1, "\(keyed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).contains { $0.hasPrefix("haptic-driver-sim-") })
        #expect(try scratch.text("calibration-sim.toml") == shippedCalibration)
        #expect(try scratch.text("haptic-driver-sim.toml") == shippedDriver)
        #expect(!FileManager.default.fileExists(atPath: state + "/calibration-sim.toml~"))

        // The shipped board still reads its own file; the copy reads its keyed one.
        let third = try ForcePadProcess.run(["--state-dir", state, "--json"], lines: ["calibrate show"])
        #expect(LabTests.answers(third, to: "calibrate").first?["source"] as? String == state + "/calibration-sim.toml")
        let fourth = try ForcePadProcess.run(["--board", copy, "--state-dir", state, "--json"], lines: ["calibrate show"])
        #expect(LabTests.answers(fourth, to: "calibrate").first?["source"] as? String == state + "/" + (keyed.first ?? "?"))
    }

    /// A byte-identical copy is the same board: it shares the state files, without a notice.
    @Test func aByteIdenticalCopySharesTheStateFiles() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let state = scratch.state.path
        let copy = scratch.directory.appendingPathComponent("sim.toml").path
        try FileManager.default.copyItem(atPath: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml").path, toPath: copy)
        _ = try ForcePadProcess.run(["--state-dir", state], lines: Self.calibrateAndSave)
        let again = try ForcePadProcess.run(["--board", copy, "--state-dir", state, "--json"], lines: ["calibrate show"])
        #expect(LabTests.answers(again, to: "calibrate").first?["source"] as? String == state + "/calibration-sim.toml")
        #expect(!again.standardError.contains("another board file"))
    }
}
