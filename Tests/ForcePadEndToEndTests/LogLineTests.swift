import Foundation
import Testing

/// Log lines go to standard error, and a repeated diagnostic is logged once a second.
@Suite struct LogLineTests {
    /// Stops the process for `millis` so its loop misses periods (an overrun).
    private func stall(_ forcepad: RunningForcePad, millis: UInt32) {
        kill(forcepad.process.processIdentifier, SIGSTOP)
        usleep(millis * 1000)
        kill(forcepad.process.processIdentifier, SIGCONT)
    }

    private func overranLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains("loop overran") }
    }

    @Test func logLinesGoToStandardErrorNotTheShellsTerminal() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--no-rt"], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        stall(forcepad, millis: 200)
        let deadline = Date().addingTimeInterval(5)
        while overranLines(forcepad.standardErrorText).isEmpty && Date() < deadline { usleep(50_000) }
        #expect(overranLines(forcepad.standardErrorText).count == 1, "\(forcepad.standardErrorText)")
        try terminal.type("status\r")
        #expect(try terminal.waitFor("board       sim"))
        #expect(!terminal.text.contains("loop overran"))
    }

    @Test func repeatedOverrunsAreLoggedOnceASecondWithACount() throws {
        let terminal = try TerminalHarness()
        let forcepad = try RunningForcePad(arguments: ["--no-rt"], terminalForStandardIO: terminal)
        defer { forcepad.stop() }
        #expect(try terminal.waitFor("forcepad> "))
        // A busy machine may make the loop overrun by itself while it starts: the lines
        // checked are those after a second and a half, when any such line's second is over.
        usleep(1_500_000)
        let earlier = overranLines(forcepad.standardErrorText).count
        // Five overruns within half a second of loop time, then one more after a pause.
        for _ in 0..<5 {
            stall(forcepad, millis: 60)
            usleep(30_000)
        }
        usleep(1_500_000)
        stall(forcepad, millis: 60)
        // Waits for a line that counts overruns it held back.
        let deadline = Date().addingTimeInterval(5)
        func heldBack() -> [Int] {
            overranLines(forcepad.standardErrorText).dropFirst(earlier).compactMap { line in
                line.firstMatch(of: /\((\d+) more not shown\)/).flatMap { Int($0.1) }
            }
        }
        while heldBack().isEmpty && Date() < deadline { usleep(50_000) }
        // Six stalls, but no two lines within a second of loop time, and the overruns not
        // logged are counted on a later line. (A loaded machine may merge two stalls 30 ms
        // apart into one overrun, and make the loop overrun by itself too, so the counts
        // themselves are not fixed.)
        let lines = overranLines(forcepad.standardErrorText)
        let times = lines.compactMap { line in
            line.firstMatch(of: /at t=(\d+)us/).flatMap { Int64($0.1) }
        }
        #expect(times.count == lines.count, "\(forcepad.standardErrorText)")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 1_000_000 }, "\(forcepad.standardErrorText)")
        #expect(heldBack().reduce(0, +) >= 1, "\(forcepad.standardErrorText)")
    }
}
