import Foundation
import Testing

@Suite struct ShellOverPipeTests {
    @Test func statusThenQuitPrintsTheBoardAndExitsZero() throws {
        let result = try ForcePadProcess.run([], lines: ["status", "quit"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("board       sim: "))
        #expect(result.standardOutput.contains("thresholds  touch 20g  peek 150g  pop 300g  (preset medium)"))
        #expect(result.standardOutput.contains("rate        1000 Hz"))
        #expect(result.outputLines.contains("bye"))
    }

    @Test func simulatedPressShowsLiveForceNearTheTarget() throws {
        let result = try ForcePadProcess.run([], lines: ["help", "status", "sim press 200g", "status", "quit"])
        #expect(result.status == 0)
        let forces = result.outputLines.filter { $0.hasPrefix("force ") }
        #expect(forces.count == 2)
        let totals = forces.compactMap { line -> Double? in
            let words = line.split(separator: " ")
            return words.count > 1 ? Double(words[1].dropLast()) : nil
        }
        #expect(totals.count == 2)
        #expect(abs(totals[0]) < 1)
        #expect(abs(totals[1] - 200) < 2, "live force after sim press 200g was \(totals[1]) g")
        #expect(result.standardOutput.contains("press       peek, progress "))
        #expect(result.standardOutput.contains("Commands (help COMMAND for details):"))
    }

    @Test func endOfInputEndsTheSessionCleanly() throws {
        let result = try ForcePadProcess.run([], lines: ["threshold"])
        #expect(result.status == 0)
        #expect(result.outputLines.first == "touch 20g  peek 150g  pop 300g  (preset medium)")
    }

    @Test func badLinesGetOneLineErrorsAndTheShellGoesOn() throws {
        let result = try ForcePadProcess.run([], lines: [
            "stauts", "threshold pop 100g", "threshold peek 150lb", "sim press", "sim press 100g at 2", "preset fim", "threshold",
        ])
        #expect(result.status == 0)
        #expect(result.outputLines == [
            "error: unknown command 'stauts': did you mean 'status'? type help for the list",
            "error: thresholds.pop: 100g must be above thresholds.peek (150g); raise pop or lower peek",
            "error: force: unknown unit 'lb' in '150lb': use one of g, kg, N, mN",
            "error: missing force; usage: sim press FORCE [for DURATION] [at X[,Y]] | sim release | sim play TRACE.csv",
            "error: position '2' must be X or X,Y with each between 0 and 1, e.g. 0.25 or 0.25,0.75",
            "error: unknown preset 'fim': did you mean 'firm'? (light|medium|firm)",
            "touch 20g  peek 150g  pop 300g  (preset medium)",
            "",
        ])
    }

    @Test func thresholdsAndPresetsChangeWhatTheLoopUses() throws {
        let result = try ForcePadProcess.run([], lines: ["threshold peek 1.2N", "preset firm", "threshold touch 30g", "status", "quit"])
        #expect(result.status == 0)
        #expect(result.outputLines[0] == "touch 20g  peek 122.366g  pop 300g  (custom)")
        #expect(result.outputLines[1] == "touch 20g  peek 200g  pop 350g  (preset firm)")
        #expect(result.outputLines[2] == "touch 30g  peek 200g  pop 350g  (preset firm)")
        #expect(result.standardOutput.contains("thresholds  touch 30g  peek 200g  pop 350g  (preset firm)"))
    }

    @Test func binaryGarbageNeverCrashesTheShell() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes += Array("\nstatus\nquit\n".utf8)
        let result = try ForcePadProcess.run([], input: Data(bytes))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("board       sim: "))
        #expect(result.outputLines.contains("bye"))
    }

    @Test func logLevelCanBeChangedFromTheShell() throws {
        let result = try ForcePadProcess.run([], lines: ["log", "log debug", "log loud"])
        #expect(result.outputLines.prefix(3) == ["log level info", "log level debug", "error: unknown log level 'loud': use trace|debug|info|notice|warning|error|critical"])
    }
}

@Suite struct LongLineTests {
    @Test func aMegabyteLineIsRefusedWithoutEndingTheSession() throws {
        let input = String(repeating: "x", count: 2_000_000) + "\nthreshold\r\n" + String(repeating: "y", count: 1025) + "\nquit\n"
        let result = try ForcePadProcess.run([], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.outputLines.prefix(4) == [
            "error: line too long (2000000 bytes; at most 1024)",
            "touch 20g  peek 150g  pop 300g  (preset medium)",
            "error: line too long (1025 bytes; at most 1024)",
            "bye",
        ])
    }
}
