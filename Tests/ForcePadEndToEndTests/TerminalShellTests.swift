import Foundation
import Testing

/// The shell on a real terminal: typed keys, Tab, arrows, Ctrl-C, history.
@Suite struct TerminalShellTests {
    @Test func typingCompletingAndEditingLikeAPerson() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        // Tab completes a unique command and its argument.
        try terminal.type("thr\t")
        #expect(try terminal.waitFor("threshold "))
        try terminal.type("pe\t")
        #expect(try terminal.waitFor("peek "))
        try terminal.type("140g\r")
        #expect(try terminal.waitFor("touch 20g  peek 140g  pop 300g  (custom)"))
        // Ctrl-C abandons a half-typed line; the arrow recalls the last command.
        var mark = terminal.screen.count
        try terminal.type("sta\u{3}")
        #expect(try terminal.waitFor("^C", after: mark))
        mark = terminal.screen.count
        try terminal.type("\u{1B}[A")
        #expect(try terminal.waitFor("threshold peek 140g", after: mark))
        // Ctrl-U clears it; a typo is answered with the nearest command.
        mark = terminal.screen.count
        try terminal.type("\u{15}stauts\r")
        #expect(try terminal.waitFor("did you mean 'status'?", after: mark))
        // The first quit names the unsaved threshold and stays; the second discards it.
        mark = terminal.screen.count
        try terminal.type("quit\r")
        #expect(try terminal.waitFor(
            "unsaved changes to thresholds.peek: config save keeps them, config diff shows them; quit again to discard them",
            after: mark))
        try terminal.type("quit\r")
        #expect(forcepad.waitForExit() == 0)
    }

    @Test func eventsAppearAboveWhatIsBeingTyped() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-late-\(UUID().uuidString).csv")
        // Nothing for 300 ms, then a press to pop.
        var rows = ["t_us,g0,g1,g2,g3"]
        for millis in 0..<700 {
            let force = millis < 300 ? 0 : min(Double(millis - 300) * 4, 400)
            rows.append("\(millis * 1000),0,\(force / 2),\(force / 2),0")
        }
        try rows.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: trace) }
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        try terminal.type("sim play \(trace.path)\r")
        #expect(try terminal.waitFor("playing "))
        let mark = terminal.screen.count
        try terminal.type("thres")
        #expect(try terminal.waitFor("press.pop", after: mark))
        #expect(try terminal.waitFor("forcepad> thres", after: mark))
        // The half-typed line survives: finishing it runs the whole command.
        try terminal.type("hold\r")
        #expect(try terminal.waitFor("touch 20g  peek 150g  pop 300g", after: mark))
    }

    /// Whether `forcepad> sta` stands on the screen after the last `loop overran` (within 5 s).
    private func redrawnBelowTheLastWarning(_ terminal: TerminalHarness) throws -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            _ = try terminal.waitFor("forcepad> sta", timeout: 0.1)
            let text = String(decoding: terminal.screen, as: UTF8.self)
            if let warning = text.range(of: "loop overran", options: .backwards),
                let prompt = text.range(of: "forcepad> sta", options: .backwards),
                prompt.lowerBound > warning.upperBound {
                return true
            }
        }
        return false
    }

    @Test func logLinesAppearAboveWhatIsBeingTypedToo() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--no-rt"], terminalForStandardIO: terminal, logOnTerminal: true)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        let mark = terminal.screen.count
        try terminal.type("sta")
        #expect(try terminal.waitFor("sta", after: mark))
        // Stopping the process for 200 ms makes the loop skip periods: a logged warning.
        kill(forcepad.process.processIdentifier, SIGSTOP)
        usleep(200_000)
        kill(forcepad.process.processIdentifier, SIGCONT)
        #expect(try terminal.waitFor("warning forcepad: [ForcePadApp] loop overran: ", after: mark))
        // The prompt and the half-typed line are drawn again below the warning.
        #expect(try redrawnBelowTheLastWarning(terminal))
        try terminal.type("tus\r")
        #expect(try terminal.waitFor("board       sim", after: mark))
        try terminal.type("quit\r")
        #expect(forcepad.waitForExit() == 0)
    }
}

/// The shell on a serial line (a pseudo-terminal standing in for a UART).
@Suite struct SerialShellTests {
    @Test func answersWithCRLFAndRefusesQuit() throws {
        let line = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--serial", line.subordinatePath], terminalForStandardIO: nil)
        defer { forcepad.stop() }
        #expect(try line.waitFor("forcepad> "))
        try line.type("threshold\r")
        #expect(try line.waitFor("touch 20g  peek 150g  pop 300g  (preset medium)\r\n"))
        try line.type("quit\r")
        #expect(try line.waitFor("error: quit is only available on standard input; this console stays up"))
        try line.type("mode json\rstatus\r")
        #expect(try line.waitFor("{\"ok\":true,\"cmd\":\"status\""))
    }

    @Test func survivesTheFarEndGoingAwayAndComingBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-serial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("console")
        var first: TerminalHarness? = try TerminalHarness()
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: first!.subordinatePath)
        let forcepad = try RunningForcePad(arguments: ["--serial", device.path], terminalForStandardIO: nil)
        defer { forcepad.stop() }
        #expect(try first!.waitFor("forcepad> "))
        // The cable is pulled: the pty goes away. A new one appears under the same name.
        first = nil
        let second = try TerminalHarness()
        try FileManager.default.removeItem(at: device)
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: second.subordinatePath)
        #expect(try second.waitFor("forcepad> ", timeout: 10))
        try second.type("threshold\r")
        #expect(try second.waitFor("touch 20g  peek 150g  pop 300g"))
        #expect(forcepad.process.isRunning)
    }

    @Test func garbageNeverStopsTheConsole() throws {
        let line = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--serial", line.subordinatePath], terminalForStandardIO: nil)
        defer { forcepad.stop() }
        #expect(try line.waitFor("forcepad> "))
        // 64 KiB of random bytes: control characters, stray escapes, invalid UTF-8, NULs.
        var generator = SystemRandomNumberGenerator()
        try line.send((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let mark = line.screen.count
        try line.type("\u{3}\rthreshold\r")
        #expect(try line.waitFor("touch 20g  peek 150g  pop 300g", after: mark, timeout: 20))
        #expect(forcepad.process.isRunning)
    }

    @Test func tripleEnterGuardIgnoresChatterUntilThreeEnters() throws {
        let line = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--serial", line.subordinatePath, "--triple-enter"], terminalForStandardIO: nil)
        defer { forcepad.stop() }
        try line.type("AT\rATZ\r")
        usleep(300_000)
        #expect(!line.text.contains("forcepad> "))
        try line.type("\r\r\r")
        #expect(try line.waitFor("forcepad> "))
        try line.type("threshold\r")
        #expect(try line.waitFor("touch 20g"))
        #expect(!line.text.contains("unknown command 'AT'"))
    }
}
