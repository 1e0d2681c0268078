import Foundation
import ForcePadHAL
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

    /// The shipped ADS7830 board moved to an adapter and a GPIO chip this machine does not have.
    static func boardWithoutItsDevices() throws -> String {
        let shipped = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/rpi4-ads7830.toml"), encoding: .utf8)
        let moved = shipped
            .replacingOccurrences(of: "device = \"/dev/i2c-1\"", with: "device = \"/dev/i2c-97\"")
            .replacingOccurrences(of: "chip = \"pinctrl-bcm2711\"", with: "chip = \"no-such-chip\"")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString).toml").path
        try moved.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRealBoardWhoseAdapterIsMissingExitsOneWithTheFix() throws {
        let board = try Self.boardWithoutItsDevices()
        let result = try ForcePadProcess.run(["--board", board], lines: [])
        #expect(result.status == 1)
        #expect(result.standardError == "forcepad: open /dev/i2c-97 failed: No such file or directory (ENOENT): no I2C adapter at /dev/i2c-97: enable I2C (raspi-config, or dtparam=i2c_arm=on) and check the bus number\n")
    }

    @Test func probeOfTheSimBoardPassesAndChecksRealTimeAndASerialPort() throws {
        let terminal = try PseudoTerminal()
        let result = try ForcePadProcess.run(["probe", "--serial", terminal.subordinatePath], lines: [])
        #expect(result.status == 0, "\(result.standardOutput)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok    board sim           4 cells at 1000 Hz (no ceiling)")
        #expect(lines.contains("skip  converters          simulated pad: no I2C device to check"))
        #expect(lines.contains("ok    haptic driver       DRV2605L at 0x5a (simulated) answered: device ID 7, no over-temperature, no over-current"))
        #expect(lines.contains { $0.hasPrefix("skip  driver calibration  none saved in ") && $0.hasSuffix(": run haptic calibrate in the shell") })
        #expect(lines.contains("skip  reference sim       simulated reference sensor: no device to check"))
        #expect(lines.contains("ok    serial port         \(terminal.subordinatePath) opened at 115200 baud"))
        #expect(lines.contains { $0.hasPrefix("ok    real-time           SCHED_FIFO 80") || $0.hasPrefix("FAIL  real-time           real-time scheduling refused") })
        #expect(lines.last == "all checks passed" || lines.contains { $0.hasPrefix("FAIL  real-time") })
    }

    /// `--idle-poll`: the loop's CPU polled while idle, said on `status`'s loop line (auto
    /// follows this machine: a CPU a hardware-assisted hypervisor runs, without a cpuidle
    /// driver, is polled); never under
    /// `--no-rt` unless asked; a wrong value refused in one line.
    @Test func idlePollingIsAskedForAndShownOnTheLoopLine() throws {
        func loopLine(_ arguments: [String]) throws -> String {
            let result = try ForcePadProcess.run(arguments, lines: ["status", "quit"])
            #expect(result.status == 0, "\(result.standardError)")
            return result.outputLines.first { $0.hasPrefix("loop        ") } ?? ""
        }
        let asked = try loopLine(["--idle-poll", "on"])
        #expect(asked.hasSuffix(", polled while idle (asked with --idle-poll on)") || asked.contains("normal scheduling"), "\(asked)")
        #expect(!(try loopLine(["--idle-poll", "off"])).contains("polled"))
        #expect(!(try loopLine(["--no-rt"])).contains("polled"))
        #expect(try loopLine(["--no-rt", "--cpu", "0", "--idle-poll", "on"]).hasSuffix("CPU 0, polled while idle (asked with --idle-poll on)"))
        let automatic = try loopLine([])
        if let reason = IdleCPUPolling.auto.reason(), !automatic.contains("normal scheduling") {
            #expect(automatic.hasSuffix(", polled while idle (\(reason))"), "\(automatic)")
        } else {
            #expect(!automatic.contains("polled"), "\(automatic)")
        }
        let wrong = try ForcePadProcess.run(["--idle-poll", "sometimes"], lines: [])
        #expect(wrong.status == 2)
        #expect(wrong.standardError.hasPrefix("forcepad: Error: --idle-poll sometimes is not auto, on or off\n"), "\(wrong.standardError)")
    }

    @Test func probeOfABoardWithoutItsDevicesListsEveryFailureWithItsFixAndExitsOne() throws {
        let board = try Self.boardWithoutItsDevices()
        let result = try ForcePadProcess.run(["probe", "--board", board, "--serial", "/dev/ttyNONE", "--json"], lines: [])
        #expect(result.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        #expect(report["passed"] as? Bool == false)
        let checks = (report["checks"] as! [[String: String]]).map { "\($0["check"]!): \($0["result"]!): \($0["detail"]!)" }
        #expect(checks.count == 5)
        #expect(checks[0] == "board rpi4-ads7830: ok: 8 cells at 1000 Hz (ceiling 1315 Hz)")
        #expect(checks[1].hasPrefix("I2C adapter: FAIL: open /dev/i2c-97 failed: No such file or directory (ENOENT): no I2C adapter at /dev/i2c-97"))
        #expect(checks[2] == "haptic line: FAIL: open GPIO line 'GPIO18' failed: GPIO chip 'no-such-chip' not found: list chips with gpiodetect and fix haptic.chip in the board file")
        #expect(checks[3].hasPrefix("serial port: FAIL: open /dev/ttyNONE failed: No such file or directory (ENOENT)"))
    }

    @Test func replayOfAMissingFileExitsTwo() throws {
        let result = try ForcePadProcess.run(["replay", "/nonexistent/trace.csv"], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("forcepad: cannot read /nonexistent/trace.csv: "))
        #expect(result.standardError.hasSuffix("; check the path\n"))
        // errno's own words and name, never Foundation's "The operation could not be completed".
        #expect(result.standardError.contains("No such file or directory (ENOENT)"), "\(result.standardError)")
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
        // replay reads the lab's config under the user's, as run does, and says so.
        let replayHelp = try ForcePadProcess.run(["replay", "--help"], lines: [])
        let replayWords = replayHelp.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(replayWords.contains("over the lab's /etc/forcepad/forcepad.toml"), "\(replayHelp.standardOutput)")
        let version = try ForcePadProcess.run(["--version"], lines: [])
        #expect(version.status == 0)
        #expect(version.standardOutput == "0.1.0 (libgpiod v\(GPIOOutputLine.libgpiodAPIVersion) API)\n")
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
