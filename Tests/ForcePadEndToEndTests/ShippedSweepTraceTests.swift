import Foundation
import Testing

/// Issue #27, case 3: the sweep traces the lab guide plays (`traces/sweep-cellN.csv`, 0 →
/// 450 g → 0 after half a second at 0 g) ship, and each gives a sweep the gates accept when
/// played and swept as the guide says, on the physical sim pad.
@Suite struct ShippedSweepTraceTests {
    @Test func theGuidesSweepTracesShipAndEveryCellSweeps() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let guide = try DocumentationExampleTests.document("lab-guide.md")
        let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml"), encoding: .utf8)
        let board = scratch.directory.appendingPathComponent("sim-physical.toml").path
        try shipped.replacingOccurrences(of: "model = \"ideal\"", with: "model = \"physical\"").write(toFile: board, atomically: true, encoding: .utf8)
        var lines = ["calibrate start"]
        for cell in 0..<4 {
            #expect(guide.contains("`traces/sweep-cell\(cell).csv`"))
            let trace = ForcePadProcess.packageRoot.appendingPathComponent("traces/sweep-cell\(cell).csv").path
            lines += ["sim play \(trace)", "calibrate sweep cell \(cell) for 5500ms"]
        }
        let result = try ForcePadProcess.run(
            ["--board", board, "--state-dir", scratch.state.path, "--json"], input: Data((lines + ["calibrate save", "quit"]).map { $0 + "\n" }.joined().utf8),
            timeout: 90)
        let sweeps = LabTests.answers(result, to: "calibrate").filter { $0["action"] as? String == "sweep" || $0["error"] != nil }
        #expect(sweeps.count == 4, "\(result.outputLines)")
        for (cell, sweep) in sweeps.enumerated() {
            #expect(sweep["ok"] as? Bool == true && sweep["cell"] as? Int == cell, "\(sweep)")
        }
        #expect(result.outputLines.contains { $0.contains("\"action\":\"save\"") && $0.contains("\"cells\":[0,1,2,3]") }, "\(result.outputLines)")
    }
}
