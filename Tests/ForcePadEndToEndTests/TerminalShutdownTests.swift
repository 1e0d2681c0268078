import ForcePadHAL
import Foundation
import Testing

/// What a signal leaves behind: the user's terminal as it was, and a process that is gone
/// within a second even when its console is not being read.
@Suite struct TerminalShutdownTests {
    /// The local-mode flags of the terminal at `path`, read from a descriptor of its own.
    private func localFlags(_ path: String) throws -> tcflag_t {
        let descriptor = open(path, O_RDWR | O_NOCTTY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var settings = termios()
        try #require(tcgetattr(descriptor, &settings) == 0)
        return settings.c_lflag
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalGivesTheTerminalBackAsItWas(signal: Int32) throws {
        let terminal = try TerminalHarness()
        let interactive = tcflag_t(ECHO | ICANON | ISIG)
        #expect(try localFlags(terminal.subordinatePath) & interactive == interactive)
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        #expect(try localFlags(terminal.subordinatePath) & interactive == 0, "the shell reads keys one by one")
        kill(forcepad.process.processIdentifier, signal)
        #expect(forcepad.waitForExit(timeout: 5) == 0)
        #expect(try localFlags(terminal.subordinatePath) & interactive == interactive)
    }

    /// A process that dies of a fault (a trap, an abort, a bad access; sent here with kill,
    /// which runs the same handlers) gives the terminal back before it goes, then hands the
    /// signal on to Swift's backtracer (asked not to wait for a key and to write to standard
    /// error, which nothing reads here), and
    /// still dies of that signal.
    @Test(arguments: [SIGSEGV, SIGABRT, SIGILL, SIGBUS])
    func aFatalSignalGivesTheTerminalBackAsItWas(signal: Int32) throws {
        let terminal = try TerminalHarness()
        let interactive = tcflag_t(ECHO | ICANON | ISIG)
        let forcepad = try RunningForcePad(
            arguments: [], terminalForStandardIO: terminal, environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        #expect(try localFlags(terminal.subordinatePath) & interactive == 0, "the shell reads keys one by one")
        kill(forcepad.process.processIdentifier, signal)
        #expect(forcepad.waitForExit(timeout: 30) == signal)
        #expect(forcepad.process.terminationReason == .uncaughtSignal)
        #expect(try localFlags(terminal.subordinatePath) & interactive == interactive)
    }

    /// A trace pressing the pad to pop and lifting it every 400 ms for `seconds`: events
    /// keep coming while it plays.
    private func pressingTrace(seconds: Int) throws -> URL {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-presses-\(UUID().uuidString).csv")
        var rows = ["t_us,g0,g1,g2,g3"]
        for step in 0..<(seconds * 200) {
            let force = step % 80 < 40 ? 0 : 250
            rows.append("\(step * 5000),0,\(force),\(force),0")
        }
        try rows.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        return trace
    }

    /// Events still on their way when `quit` is typed come before `bye`, never after it.
    @Test func byeIsTheLastThingPrinted() throws {
        let trace = try pressingTrace(seconds: 10)
        defer { try? FileManager.default.removeItem(at: trace) }
        for _ in 0..<3 {
            let terminal = try TerminalHarness()
            let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
            defer { forcepad.stop() }
            #expect(try terminal.waitFor("forcepad> "))
            try terminal.type("sim play \(trace.path)\r")
            #expect(try terminal.waitFor("press.pop"))
            try terminal.type("quit\r")
            #expect(forcepad.waitForExit(timeout: 10) == 0)
            _ = try terminal.waitFor("never printed", timeout: 0.3)
            let after = terminal.text.components(separatedBy: "bye").last ?? ""
            #expect(terminal.text.contains("bye") && !after.contains(" ms  "), "printed after bye: \(after)")
        }
    }

    /// A terminal that goes away without a SIGHUP (forcepad is not on its controlling
    /// terminal) ends a running `monitor` and the session: the process exits and lets go of
    /// the state directory, so the next start is not refused.
    @Test func aVanishedTerminalEndsMonitorAndTheSession() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-vanish-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let process = Process()
        do {
            let terminal = try PseudoTerminal()
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: terminal.subordinatePath))
            process.executableURL = ForcePadProcess.binary
            process.arguments = ["--state-dir", state]
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = FileHandle.nullDevice
            try process.run()
            try handle.close()
            var shown: [UInt8] = []
            func waitFor(_ text: String) throws -> Bool {
                let deadline = Date().addingTimeInterval(10)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while Date() < deadline {
                    if String(decoding: shown, as: UTF8.self).contains(text) { return true }
                    var span = buffer.mutableSpan
                    if case .received(let count) = try terminal.read(into: &span, timeoutMilliseconds: 50) { shown += buffer[0..<count] }
                }
                return false
            }
            #expect(try waitFor("forcepad> "))
            _ = try Array("monitor\r".utf8).withUnsafeBufferPointer { try terminal.write(Span(_unsafeElements: $0), timeoutMilliseconds: 1000) }
            #expect(try waitFor("]"))
        }
        // The controller side is closed: the terminal has gone.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning, "monitor kept running on a terminal that went away")
        if process.isRunning { process.terminate() }
        let again = try ForcePadProcess.run(["--state-dir", state], lines: ["quit"])
        #expect(again.status == 0, "\(again.standardError)")
    }

    @Test func aSerialLineNobodyReadsNeverHoldsUpTheExit() throws {
        let trace = try pressingTrace(seconds: 30)
        defer { try? FileManager.default.removeItem(at: trace) }
        let line = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--serial", line.subordinatePath], terminalForStandardIO: nil)
        defer { forcepad.stop() }
        #expect(try line.waitFor("forcepad> "))
        try line.type("sim play \(trace.path)\r")
        #expect(try line.waitFor("playing "))
        // From here on nothing reads the line: the monitor and the events fill it up.
        try line.type("monitor json 100Hz for 60s\r")
        sleep(4)
        let signalled = Date()
        kill(forcepad.process.processIdentifier, SIGTERM)
        let status = forcepad.waitForExit(timeout: 30)
        let seconds = Date().timeIntervalSince(signalled)
        #expect(status == 0)
        #expect(seconds < 2, "exited \(seconds)s after SIGTERM")
        #expect(forcepad.standardErrorText.contains("SIGTERM received; loop stopped, haptic line off, haptic driver in standby"), "\(forcepad.standardErrorText)")
    }

    @Test func outputDroppedWhileTheLineWasNotReadIsReported() throws {
        let line = try TerminalHarness()
        // At 9600 baud the queue holds its least, 16 KiB (four seconds of the line would be less).
        let forcepad = try RunningForcePad(arguments: ["--serial", line.subordinatePath, "--baud", "9600"], terminalForStandardIO: nil)
        defer { forcepad.stop() }
        #expect(try line.waitFor("forcepad> "))
        try line.type("monitor json 100Hz for 3s\r")
        // Not read for longer than the monitor runs; then the line is read again.
        sleep(5)
        #expect(try line.waitFor(" bytes of output dropped: the serial line was not read\r\n"))
        let mark = line.screen.count
        try line.type("threshold\r")
        #expect(try line.waitFor("touch 20g  peek 150g  pop 300g", after: mark))
    }
}
