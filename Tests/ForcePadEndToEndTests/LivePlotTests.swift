import Foundation
import Testing

/// `monitor plot` on a real terminal (tmux), at 80 × 24, wider, and through a serial pty at
/// 115200 baud: the screen's structure while presses play, the end, and the bytes a second.
@Suite(.serialized) struct LivePlotTests {
    /// A scratch directory with a trace of presses to 360 g and back, one a second, for 4 s.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-plot-\(UUID().uuidString)")
        var trace: URL { directory.appendingPathComponent("presses.csv") }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var rows = ["t_us,g0,g1,g2,g3"]
            for step in 0..<800 {
                let phase = step % 200
                let force = phase < 40 ? 0 : phase < 120 ? min((phase - 40) * 8, 360) : max(360 - (phase - 120) * 8, 0)
                rows.append("\(step * 5000),0,\(Double(force) / 2),\(Double(force) / 2),0")
            }
            try rows.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        }

        /// The shell command that starts forcepad with `arguments` and a state dir and config
        /// home of this scratch directory.
        func forcepad(_ arguments: String = "") -> String {
            "env XDG_CONFIG_HOME=\(directory.path)/config CONFIGURATION_DIRECTORY=\(directory.path)/etc "
                + "\(ForcePadProcess.binary.path) --state-dir \(directory.path)/state \(arguments) 2>\(directory.path)/stderr"
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// Whether `rows` show the plot with a press drawn: the header, the threshold rows, the
    /// stage and haptic rows with marks, the axis, and the trace above peek.
    static func showsAPressedPlot(_ rows: [String]) -> Bool {
        guard rows.first?.hasPrefix("total ") == true,
            let peek = rows.firstIndex(where: { $0.hasPrefix("peek 150g┤") }),
            let stage = rows.firstIndex(where: { $0.hasPrefix("    stage ") }),
            rows[stage].contains("p"), rows[stage + 1].hasPrefix("   haptic ") && rows[stage + 1].contains("|"),
            rows[stage + 2].contains("+=") && rows[stage + 2].contains("^")
        else { return false }
        // A braille dot above peek's row outside the threshold rows: the trace rose past it.
        return rows[1..<peek].contains { row in
            !row.hasPrefix(" pop 300g") && row.dropFirst(10).unicodeScalars.contains { $0.value > 0x2800 && $0.value <= 0x28FF }
        }
    }

    /// The bytes a second in the line that ends the plot.
    static func bytesPerSecond(in line: String) -> Double? {
        guard let range = line.range(of: #"[0-9.]+k?B/s"#, options: .regularExpression) else { return nil }
        let text = line[range].dropLast(3)
        return text.hasSuffix("k") ? Double(text.dropLast()).map { $0 * 1000 } : Double(text)
    }

    /// Writes `rows` to NAME.txt in the directory `FORCEPAD_PLOT_CAPTURES` names, when set:
    /// the captures docs/live-view.md shows.
    static func keepCapture(_ rows: [String], name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["FORCEPAD_PLOT_CAPTURES"] else { return }
        try (rows.joined(separator: "\n") + "\n").write(toFile: directory + "/" + name + ".txt", atomically: true, encoding: .utf8)
    }

    /// Plays the presses, starts `monitor plot` and checks the screen at `columns` × `rows`;
    /// ends it with a key and returns the closing line.
    private func plot(in screen: TmuxScreen, scratch: Scratch, columns: Int, rows: Int, device: String? = nil) throws -> String {
        #expect(try screen.waitFor { $0.contains { $0.hasPrefix("forcepad>") } }.held)
        try screen.type("sim play \(scratch.trace.path)")
        try screen.type("monitor plot")
        let shown = try screen.waitFor(Self.showsAPressedPlot)
        #expect(shown.held, "no press on the plot:\n\(shown.rows.joined(separator: "\n"))")
        #expect(shown.rows.count == rows)
        #expect(shown.rows.allSatisfy { $0.count <= columns })
        // The time axis fills the width.
        #expect(shown.rows.last?.count == columns)
        for label in ["     385g┤", " pop 300g┤", "peek 150g┤", "touch 20g┤", "       0g┤"] {
            #expect(shown.rows.contains { $0.hasPrefix(label) }, "no \(label)")
        }
        // Two presses to pop drawn: the plot has run for a while (its rate is then the steady one).
        let twice = try screen.waitFor { rows in rows.contains { $0.hasPrefix("    stage ") && $0.filter { $0 == "P" }.count >= 2 } }
        #expect(twice.held)
        try Self.keepCapture(twice.rows, name: "monitor-plot-\(columns)x\(rows)\(device == nil ? "" : "-serial")")
        try screen.type("x", enter: false)
        let ended = try screen.waitFor(joined: true) { $0.contains { $0.hasPrefix("monitor plot stopped after ") } }
        #expect(ended.held)
        // The screen is the shell's again: the events held during the plot, then the prompt.
        let after = try screen.waitFor { $0.last(where: { !$0.isEmpty })?.hasPrefix("forcepad>") == true }
        #expect(after.held)
        #expect(after.rows.contains { $0.contains("press.peek") })
        #expect(!after.rows.contains { $0.hasPrefix("peek 150g┤") })
        return ended.rows.first { $0.hasPrefix("monitor plot stopped after ") } ?? ""
    }

    @Test(arguments: [(80, 24), (132, 43)])
    func onATerminalThePlotFillsItAndShowsThePresses(columns: Int, rows: Int) throws {
        let scratch = try Scratch()
        let screen = try TmuxScreen(columns: columns, rows: rows, command: scratch.forcepad())
        defer { screen.stop() }
        let closing = try plot(in: screen, scratch: scratch, columns: columns, rows: rows)
        #expect(closing.contains("\(columns)x\(rows)"), "\(closing)")
        // A terminal's line has no rate to keep within: the plot sends what changed at 10 Hz.
        let rate = try #require(Self.bytesPerSecond(in: closing))
        #expect(rate > 0, "\(closing)")
    }

    @Test func aResizedWindowIsFollowed() throws {
        let scratch = try Scratch()
        let screen = try TmuxScreen(columns: 80, rows: 24, command: scratch.forcepad())
        defer { screen.stop() }
        #expect(try screen.waitFor { $0.contains { $0.hasPrefix("forcepad>") } }.held)
        try screen.type("sim play \(scratch.trace.path)")
        try screen.type("monitor plot")
        #expect(try screen.waitFor(Self.showsAPressedPlot).held)
        try screen.resize(columns: 120, rows: 30)
        let resized = try screen.waitFor { rows in rows.count == 30 && rows.last?.count == 120 && Self.showsAPressedPlot(rows) }
        #expect(resized.held, "not redrawn at 120x30:\n\(resized.rows.joined(separator: "\n"))")
        // Nothing of the 80-column picture is left beside the new one.
        #expect(resized.rows.filter { $0.hasPrefix("peek 150g┤") }.count == 1)
        try screen.type("x", enter: false)
        let ended = try screen.waitFor(joined: true) { $0.contains { $0.hasPrefix("monitor plot stopped after ") } }
        #expect(ended.rows.contains { $0.hasPrefix("monitor plot stopped after ") && $0.contains("120x30") }, "\(ended.rows)")
    }

    @Test func overASerialLineAt115200BaudItAsksTheTerminalItsSizeAndKeepsWithinTheLine() throws {
        let scratch = try Scratch()
        let device = scratch.directory.appendingPathComponent("serial").path
        // socat joins tmux's terminal to a new pseudo-terminal, which forcepad opens as its serial console.
        let screen = try TmuxScreen(columns: 100, rows: 30, command: "socat STDIO,raw,echo=0 PTY,link=\(device),raw,echo=0")
        defer { screen.stop() }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: device) && Date() < deadline { usleep(50_000) }
        let forcepad = Process()
        forcepad.executableURL = URL(fileURLWithPath: "/bin/sh")
        forcepad.arguments = ["-c", "exec " + scratch.forcepad("--serial \(device) --baud 115200")]
        try forcepad.run()
        defer { forcepad.terminate() }
        // The console shows its prompt once the line is up; Enter asks for it again.
        let prompt = try screen.waitFor { rows in
            if rows.contains(where: { $0.hasPrefix("forcepad>") }) { return true }
            try? screen.type("")
            return false
        }
        #expect(prompt.held, "forcepad said: \((try? String(contentsOf: scratch.directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? "")")
        let closing = try plot(in: screen, scratch: scratch, columns: 100, rows: 30, device: device)
        // The pseudo-terminal has no size of its own: the size came from the terminal's answer.
        #expect(closing.contains("(the line carries 11.5kB/s), 100x30"), "\(closing)")
        let rate = try #require(Self.bytesPerSecond(in: closing))
        #expect(rate > 0 && rate < 11_520 * 3 / 4, "\(closing)")
    }

    @Test func aScopeFreezesTheSpanAroundEachPeek() throws {
        let scratch = try Scratch()
        let screen = try TmuxScreen(columns: 80, rows: 24, command: scratch.forcepad())
        defer { screen.stop() }
        #expect(try screen.waitFor { $0.contains { $0.hasPrefix("forcepad>") } }.held)
        try screen.type("sim play \(scratch.trace.path)")
        try screen.type("monitor plot scope peek")
        // Frozen around a peek: its trigger on the axis, in the column of the peek's mark.
        let frozen = try screen.waitFor { rows in
            guard rows.first?.contains("scope on peek: 2 triggers") == true, let axis = rows.last?.firstIndex(of: "T"),
                let stage = rows.first(where: { $0.hasPrefix("    stage ") }), let peek = stage.firstIndex(of: "p")
            else { return false }
            return rows.last!.distance(from: rows.last!.startIndex, to: axis) == stage.distance(from: stage.startIndex, to: peek)
                && stage.contains("P") && Self.showsAPressedPlot(rows.map { $0.replacingOccurrences(of: "T", with: "^") })
        }
        #expect(frozen.held, "\(frozen.rows.joined(separator: "\n"))")
        try Self.keepCapture(frozen.rows, name: "monitor-plot-scope-80x24")
        try screen.type("x", enter: false)
        #expect(try screen.waitFor(joined: true) { $0.contains { $0.hasPrefix("monitor plot stopped after ") } }.held)
    }

    /// docs/live-view.md shows screens this plot drew (kept by the tests above), not drawings.
    @Test func theGuideShowsScreensThePlotDrew() throws {
        let guide = try DocumentationExampleTests.document("live-view.md")
        let screens = DocumentationExampleTests.blocks(guide, language: "").map { $0.components(separatedBy: "\n") }.filter { $0.count == 24 }
        #expect(screens.count == 2)
        #expect(screens.allSatisfy { Self.showsAPressedPlot($0.map { $0.replacingOccurrences(of: "T", with: "^") }) })
    }

    @Test func aSignalDuringThePlotGivesTheScreenBackWithTheHeldLines() throws {
        let scratch = try Scratch()
        let pidFile = scratch.directory.appendingPathComponent("pid").path
        // The window stays after forcepad ends, to show what it left on the screen.
        let screen = try TmuxScreen(
            columns: 80, rows: 24, command: "sh -c 'echo $$ > \(pidFile); exec \(scratch.forcepad())'; sleep 60")
        defer { screen.stop() }
        #expect(try screen.waitFor { $0.contains { $0.hasPrefix("forcepad>") } }.held)
        try screen.type("sim play \(scratch.trace.path)")
        try screen.type("monitor plot")
        #expect(try screen.waitFor(Self.showsAPressedPlot).held)
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        let after = try screen.waitFor { rows in
            !rows.contains { $0.hasPrefix("peek 150g┤") } && rows.contains { $0.contains("press.peek") }
        }
        #expect(after.held, "\(after.rows.joined(separator: "\n"))")
    }

    @Test func fromAPipeItPrintsTheLastFrameAsPlainLines() throws {
        let result = try ForcePadProcess.run(
            [], lines: ["sim press 200g", "monitor plot size 60x12 span 1s for 600ms", "monitor plot", "monitor plot size 20x5 for 1s"])
        let lines = result.outputLines
        let top = try #require(lines.firstIndex { $0.hasPrefix("total 200.") || $0.hasPrefix("total 199.") })
        let screen = Array(lines[top..<(top + 12)])
        #expect(screen.allSatisfy { $0.count == 60 && !$0.contains("\u{1B}") })
        #expect(screen[0].contains("sweep, 1s across"))
        // 200 g of 385 g on 32 dot rows is dot row 16, the lowest of the row above peek's (150 g, dot row 12).
        let peek = try #require(screen.firstIndex { $0.hasPrefix("peek 150g┤") })
        #expect(screen[peek - 1].contains("⣀⣀⣀⣀"))
        #expect(lines[top + 12].hasPrefix("monitor plot stopped after 1 frame: 0 bytes in 6"))
        #expect(lines[top + 12].hasSuffix("ms, 0B/s, 60x12"))
        #expect(lines.contains("error: from a pipe, monitor plot needs an end: add 'for DURATION' (e.g. monitor plot for 2s)"))
        #expect(lines.contains("error: size '20x5' must be COLUMNSxROWS, at least 30x8"))
    }
}
