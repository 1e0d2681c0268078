import Foundation
import Testing

/// The config file and the shell apply the same settings rules with the same words: a value
/// one refuses the other refuses, with the same `key: message`; a value one takes the other
/// takes. Each case is a config file and the shell command that sets the same value.
@Suite struct SettingsRulesAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let config: String
        let command: String
        /// `key: message` when refused, nil when accepted.
        let refusal: String?
        var testDescription: String { command }
    }

    static let cases: [Case] = [
        Case(
            config: "[thresholds]\npeek = \"30g\"", command: "threshold peek 30g",
            refusal: "thresholds.peek: 30g leaves only 10g above thresholds.touch (20g), not more than hysteresis.peek (15g); raise peek or set hysteresis.peek below 10g"),
        Case(config: "[thresholds]\npeek = \"40g\"", command: "threshold peek 40g", refusal: nil),
        Case(
            config: "[thresholds]\ntouch = \"120g\"", command: "threshold touch 120g",
            refusal: "thresholds.touch: 120g must be below the light preset's peek (100g); lower touch or raise peek"),
        Case(
            config: "[hysteresis]\ntouch = \"25g\"", command: "hysteresis touch 25g",
            refusal: "hysteresis.touch: 25g must be below thresholds.touch (20g), or the touch stage could never be left; narrow the band or widen the gap"),
        Case(
            config: "[hysteresis]\ndwell = \"2s\"", command: "hysteresis dwell 2s",
            refusal: "hysteresis.dwell: 2s is out of range; allowed: 0ms…1s"),
        Case(
            config: "[filter]\nkind = \"biquad\"\ncutoff = \"480Hz\"", command: "filter biquad 480Hz",
            refusal: "filter.cutoff: 480Hz is above what the filter can do at the board's 1000Hz sample rate (at most 450Hz, 0.45 × the rate); lower the cut-off"),
        Case(config: "[filter]\nkind = \"biquad\"\ncutoff = \"450Hz\"", command: "filter biquad 450Hz", refusal: nil),
        Case(
            config: "[haptics.patterns]\npeek = \"on 150ms\"", command: "haptic pattern peek \"on 150ms\"",
            refusal: "haptics.patterns.peek: longest on step (150ms) is above haptics.max_on (100ms); shorten the step or raise max_on"),
        Case(
            config: "[haptics.patterns]\npop = \"on 20ms of 30ms\"", command: "haptic pattern pop \"on 20ms of 30ms\"",
            refusal: "haptics.patterns.pop: haptic pattern 'on 20ms of 30ms': step 2 must be 'off' (patterns start with on and alternate), found 'of'"),
        // The sim board has a DRV2605L: a stage's value may be a sequence for it.
        Case(
            config: "[haptics.patterns]\npop = \"effect 1 then wait 50ms then effect 1\"",
            command: "haptic pattern pop \"effect 1 then wait 50ms then effect 1\"", refusal: nil),
        Case(config: "[haptics.patterns]\npeek = \"effect sharp-tick-3-60\"", command: "haptic pattern peek \"effect sharp-tick-3-60\"", refusal: nil),
        Case(
            config: "[haptics.patterns]\npop = \"effect 1 then wait 2s\"", command: "haptic pattern pop \"effect 1 then wait 2s\"",
            refusal: "haptics.patterns.pop: step 2: wait 2000 ms is not one the DRV2605L sequencer holds: waits are 10 to 1270 ms in steps of 10 ms"),
        Case(
            config: "[haptics.patterns]\npop = \"effect buzzy\"", command: "haptic pattern pop \"effect buzzy\"",
            refusal: "haptics.patterns.pop: DRV2605L sequence 'effect buzzy': 'buzzy' is not an effect: give 1 to 123 or a name from haptic effect list"),
        Case(
            config: "[haptics.patterns]\ntick = \"effect 24\"", command: "haptic pattern tick \"effect 24\"",
            refusal: "haptics.patterns.tick: 'effect 24' is a DRV2605L sequence, which only the stages peek, pop and release play; give tick an on/off pattern such as \"on 20ms\""),
    ]

    @Test(arguments: cases) func theConfigFileAndTheShellAgree(_ rule: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("forcepad.toml")
        try rule.config.write(to: config, atomically: true, encoding: .utf8)

        let fromFile = try ForcePadProcess.run(["--config", config.path], lines: ["quit"])
        let fromShell = try ForcePadProcess.run([], lines: [rule.command, "quit"])
        let shellError = fromShell.outputLines.first { $0.hasPrefix("error: ") }
        if let refusal = rule.refusal {
            #expect(fromFile.status == 2)
            #expect(fromFile.standardError.hasSuffix(": \(refusal)\n"), "config file: \(fromFile.standardError)")
            #expect(shellError == "error: \(refusal)")
        } else {
            #expect(fromFile.status == 0, "config file: \(fromFile.standardError)")
            #expect(shellError == nil)
        }
    }

    /// The same cut-off that a 1 kHz board takes is refused on a 150 Hz board, from the file
    /// (the board's rate is known before the config is checked) and by the shell.
    @Test func theFilterCeilingFollowsTheBoardsRate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sim = try String(contentsOf: ForcePadProcess.packageRoot.appendingPathComponent("boards/sim.toml"), encoding: .utf8)
        let board = directory.appendingPathComponent("slow-sim.toml")
        try sim.replacingOccurrences(of: "rate_hz = 1000", with: "rate_hz = 150").write(to: board, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("forcepad.toml")
        try "[filter]\ncutoff = \"100Hz\"".write(to: config, atomically: true, encoding: .utf8)
        let refusal = "filter.cutoff: 100Hz is above what the filter can do at the board's 150Hz sample rate (at most 67.5Hz, 0.45 × the rate); lower the cut-off"

        let fromFile = try ForcePadProcess.run(["--board", board.path, "--config", config.path], lines: ["quit"])
        #expect(fromFile.status == 2)
        #expect(fromFile.standardError.hasSuffix(": \(refusal)\n"), "config file: \(fromFile.standardError)")
        let fromShell = try ForcePadProcess.run(["--board", board.path], lines: ["filter one-pole 100Hz", "filter", "quit"])
        #expect(fromShell.outputLines.first == "error: \(refusal)")
        #expect(fromShell.outputLines.dropFirst().first?.hasPrefix("one-euro 5Hz at rest") == true)
    }
}
