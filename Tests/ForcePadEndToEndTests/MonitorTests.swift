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

    /// The lines a terminal shows for `text`: a carriage return goes back to the start of
    /// the line, ESC [ K erases from there to the end, other escape sequences draw nothing.
    private func shownLines(_ text: String) -> [String] {
        // By scalar: "\r\n" is one Character in Swift.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var shown: [Unicode.Scalar] = []
            var column = 0
            var scalars = Array(line)[...]
            while let scalar = scalars.popFirst() {
                switch scalar {
                case "\r":
                    column = 0
                case "\u{1B}":
                    var sequence = ""
                    while let next = scalars.popFirst() {
                        sequence.unicodeScalars.append(next)
                        if next.properties.isAlphabetic { break }
                    }
                    if sequence == "[K" { shown.removeSubrange(min(column, shown.count)...) }
                default:
                    if column < shown.count { shown[column] = scalar } else { shown.append(scalar) }
                    column += 1
                }
            }
            var result = ""
            result.unicodeScalars.append(contentsOf: shown)
            return result
        }
    }

    @Test func eventsPrintedWhileTheBarIsShownNeverLandOnIt() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-monitor-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: trace) }
        var rows = ["t_us,g0,g1,g2,g3"]
        for step in 0..<400 {
            let force = step % 80 < 40 ? 0 : 250
            rows.append("\(step * 5000),0,\(force),\(force),0")
        }
        try rows.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        try terminal.type("sim play \(trace.path)\r")
        #expect(try terminal.waitFor("playing "))
        let mark = terminal.screen.count
        try terminal.type("monitor 20Hz\r")
        #expect(try terminal.waitFor("press.peek", after: mark))
        #expect(try terminal.waitFor("press.released", after: mark))
        usleep(200_000)
        try terminal.type("x")
        #expect(try terminal.waitFor("monitor stopped after ", after: mark))
        let shown = shownLines(String(decoding: terminal.screen[mark...], as: UTF8.self))
        #expect(shown.contains { $0.hasPrefix("[") && $0.contains("] ") }, "the bar was never shown")
        let mixed = shown.filter { $0.contains("] ") && $0.contains("press.") }
        #expect(mixed.isEmpty, "events on the bar's line: \(mixed)")
    }
}
