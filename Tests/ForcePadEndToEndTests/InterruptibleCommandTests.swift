import Foundation
import Testing

/// Commands that take long end early on a key, as `monitor` does.
@Suite struct InterruptibleCommandTests {
    @Test func aKeyEndsALongWait() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        try terminal.type("wait 20s\r")
        usleep(300_000)
        let pressed = Date()
        try terminal.type("x")
        #expect(try terminal.waitFor("wait interrupted after ", timeout: 5))
        #expect(Date().timeIntervalSince(pressed) < 2)
        #expect(try terminal.waitFor("forcepad> ", after: terminal.screen.count - 12))
    }

    @Test func aKeyReleasesALongSimulatedPress() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: [], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        try terminal.type("sim press 400g for 61s\r")
        #expect(try terminal.waitFor("press.pop"))
        let pressed = Date()
        try terminal.type("\u{3}")
        #expect(try terminal.waitFor("press of 400g interrupted after ", timeout: 5))
        #expect(Date().timeIntervalSince(pressed) < 2)
        let mark = terminal.screen.count
        try terminal.type("status\r")
        #expect(try terminal.waitFor("press       idle", after: mark))
    }

    @Test func aSignalEndsALongWaitFromAPipe() throws {
        let started = Date()
        let result = try ForcePadProcess.run(["--json"], input: Data("wait 20s\n".utf8), signal: (SIGINT, 0.5))
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.standardError.hasSuffix("SIGINT received; loop stopped, haptic line off, haptic driver in standby\n"))
    }
}
