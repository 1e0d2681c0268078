import Foundation
import Testing

/// `monitor plain`: plain numbers from a pipe, their format, events kept out of the stream,
/// and the stream read by ttyplot on a terminal.
@Suite struct MonitorPlainTests {
    @Test func fromAPipeOneLinePerSampleForTheDurationOfLoopTime() throws {
        let result = try ForcePadProcess.run(
            [], lines: ["sim press 200g", "monitor plain 50Hz for 1s", "monitor plain time cells header 10Hz for 500ms", "monitor plain"])
        let lines = result.outputLines
        let start = try #require(lines.firstIndex(of: "pressing 200g"))
        // A sample at each 20 ms of loop time that has a frame: 50, fewer only when a busy
        // machine made the loop miss periods.
        let totals = Array(lines[(start + 1)...].prefix { Double($0) != nil })
        #expect((40...50).contains(totals.count))
        #expect(totals.allSatisfy { abs((Double($0) ?? 0) - 200) < 3 }, "\(totals)")
        #expect(lines.contains("monitor plain stopped after \(totals.count) samples"))
        let header = try #require(lines.firstIndex(of: "# t_s total_g cell0_g cell1_g cell2_g cell3_g"))
        let rows = lines[(header + 1)...].prefix { $0.first?.isNumber == true }.map { $0.split(separator: " ").compactMap { Double($0) } }
        #expect((4...5).contains(rows.count))
        #expect(rows.allSatisfy { $0.count == 6 })
        // Samples at least 100 ms of loop time apart (exactly, unless periods were missed);
        // the cells add up to the total (rounding aside).
        for (earlier, later) in zip(rows, rows.dropFirst()) { #expect(later[0] - earlier[0] > 0.0985) }
        #expect(rows.allSatisfy { abs($0[2...].reduce(0, +) - $0[1]) < 0.01 })
        #expect(lines.contains("monitor plain stopped after \(rows.count) samples"))
        #expect(lines.contains("error: from a pipe, monitor plain needs an end: add 'for DURATION' (e.g. monitor plain for 10s)"))
    }

    @Test func jsonModeRefusesThePlainStreamAndThePlot() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["monitor plain for 100ms", "monitor plot for 100ms"])
        #expect(result.standardOutput.contains("monitor plain prints numbers, not JSON; in JSON mode use monitor json"))
        #expect(result.standardOutput.contains("monitor plot draws for a person; in JSON mode use monitor json"))
        #expect(result.outputLines.filter { !$0.isEmpty }.allSatisfy { $0.hasPrefix("{") })
    }

    @Test func eventsWaitUntilTheStreamEndsThenFollowIt() throws {
        let scratch = try LivePlotTests.Scratch()
        let result = try ForcePadProcess.run([], lines: ["sim play \(scratch.trace.path)", "monitor plain 100Hz for 1500ms"])
        let lines = result.outputLines
        let first = try #require(lines.firstIndex { Double($0) != nil })
        let end = try #require(lines.firstIndex { $0.hasPrefix("monitor plain stopped") })
        // 150 samples (fewer if the loop missed periods), then the lines of the press (to 360 g
        // and back) that came during them.
        let numbers = lines[first..<end].prefix { Double($0) != nil }
        #expect((120...150).contains(numbers.count))
        #expect(numbers.contains { (Double($0) ?? 0) > 300 })
        let events = lines[(first + numbers.count)..<end]
        #expect(events.contains { $0.contains("press.peek") } && events.contains { $0.contains("press.released") })
        #expect(events.allSatisfy { $0.contains(" ms  ") }, "\(events)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ttyplot")))
    func ttyplotPlotsTheStream() throws {
        let scratch = try LivePlotTests.Scratch()
        let pipeline = "printf 'sim play \(scratch.trace.path)\\nmonitor plain 50Hz for 20s\\n' | \(scratch.forcepad()) | ttyplot -t 'total force' -u g"
        let screen = try TmuxScreen(columns: 80, rows: 24, command: pipeline)
        defer { screen.stop() }
        // ttyplot's title, and its scale grown to the presses' 360 g peak.
        let plotted = try screen.waitFor { rows in
            rows.contains { $0.contains("total force") } && rows.contains { $0.contains("- 36") && $0.hasSuffix(" g") }
        }
        #expect(plotted.held, "\(plotted.rows.joined(separator: "\n"))")
    }
}
