import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func unknownBoardListsTheKnownOnesAndExitsTwo() throws {
        let result = try ForcePadProcess.run(["--board", "smi"], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("forcepad: board 'smi' not found (did you mean 'sim'?); known boards: "))
        #expect(result.standardError.contains("rpi4-ads7830"))
    }

    @Test func badConfigNamesFileLineAndKeyAndExitsTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-bad-\(UUID().uuidString).toml")
        try "[thresholds]\npeek = \"150g\"\npop = \"120g\"\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ForcePadProcess.run(["--config", file.path], lines: ["quit"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("forcepad: \(file.path):3: thresholds.pop: "))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func shippedExampleConfigStarts() throws {
        let example = ForcePadProcess.packageRoot.appendingPathComponent("docs/forcepad.example.toml").path
        let result = try ForcePadProcess.run(["--config", example], lines: ["status", "quit"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("config      \(example)"))
    }

    @Test func realBoardsAreRefusedClearlyUntilTheyCanBeDriven() throws {
        let result = try ForcePadProcess.run(["--board", "rpi4-ads7830"], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError == "forcepad: board 'rpi4-ads7830' reads ads7830 over I2C, which this version of forcepad cannot drive yet; run the simulated pad with --board sim\n")
    }

    @Test func probeIsNotAvailableYetAndExitsTwo() throws {
        let result = try ForcePadProcess.run(["probe"], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError.contains("is not available in this version"))
    }

    @Test func replayOfAMissingFileExitsTwo() throws {
        let result = try ForcePadProcess.run(["replay", "/nonexistent/trace.csv"], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("forcepad: cannot read /nonexistent/trace.csv: "))
        #expect(result.standardError.hasSuffix("; check the path\n"))
    }

    @Test func badUsageExitsTwo() throws {
        let result = try ForcePadProcess.run(["--bogus"], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--bogus"))
    }

    @Test func helpAndVersionExitZero() throws {
        let help = try ForcePadProcess.run(["--help"], lines: [])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("replay"))
        let version = try ForcePadProcess.run(["--version"], lines: [])
        #expect(version.status == 0)
        #expect(version.standardOutput == "0.1.0\n")
    }
}

@Suite struct CommandReferenceTests {
    @Test func docsCommandsIsTheGeneratedReference() throws {
        let result = try ForcePadProcess.run(["reference"], lines: [])
        #expect(result.status == 0)
        let file = ForcePadProcess.packageRoot.appendingPathComponent("docs/commands.md")
        let documented = try String(contentsOf: file, encoding: .utf8)
        #expect(result.standardOutput == documented, "docs/commands.md is out of date: run `make docs`")
        #expect(result.standardOutput.contains("## sim\n\n```\nsim press FORCE [for DURATION] [at X[,Y]]"))
    }
}
