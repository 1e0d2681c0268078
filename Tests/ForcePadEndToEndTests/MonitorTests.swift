import Foundation
import Testing

@Suite struct MonitorTests {
    @Test func fromAPipeMonitorNeedsAnEndAndPrintsBars() throws {
        let result = try ForcePadProcess.run([], lines: ["sim press 200g", "monitor 10Hz for 300ms", "monitor"])
        let bars = result.outputLines.filter { $0.hasPrefix("[") }
        #expect(bars.count == 3)
        // 200 g of a 385 g maximum fills 21 of 40 columns; peek (150 g) and pop (300 g) are marked.
        #expect(bars.allSatisfy { $0.hasPrefix("[###############|#####          !        ]") && $0.contains("  x 0.") && $0.contains("  peek") })
        // boards/sim.toml has a reference sensor: the true 200 g ± its 0.5 g noise beside the bar.
        #expect(bars.allSatisfy { $0.contains("  peek  reference 199.") || $0.contains("  peek  reference 200.") })
        #expect(result.outputLines.contains("monitor stopped after 3 frames"))
        #expect(result.outputLines.contains("error: from a pipe, monitor needs an end: add 'for DURATION' (e.g. monitor for 2s)"))
    }

    @Test func jsonStreamsFrames() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["sim press 150g at 0.125", "monitor json 50Hz for 100ms"])
        let frames = result.outputLines.filter { $0.contains("\"event\":\"monitor\"") }
        #expect(frames.count == 5)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(frames[0].utf8)) as? [String: Any])
        #expect(abs((first["total_g"] as? Double ?? 0) - 150) < 2)
        #expect((first["cells_g"] as? [Double])?.count == 4)
        #expect(first["stage"] as? String == "peek")
    }

    @Test func onATerminalAnyKeyStopsIt() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        try terminal.type("monitor 20Hz\r")
        #expect(try terminal.waitFor("]      0"))
        usleep(300_000)
        let mark = terminal.screen.count
        try terminal.type("x")
        #expect(try terminal.waitFor("monitor stopped after ", after: mark))
        #expect(try terminal.waitFor("forcepad> ", after: mark))
    }
}
