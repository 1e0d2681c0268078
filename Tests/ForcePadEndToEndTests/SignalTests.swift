import Foundation
import Testing

@Suite struct SignalTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsTheLoopWithTheLineOffAndExitsZero(signal: Int32) throws {
        // A pop pattern long enough to be on when the signal arrives.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-signal-\(UUID().uuidString).toml")
        try "[haptics]\nmax_on = \"1s\"\nmax_duty = 1\n[haptics.patterns]\npop = \"on 900ms\"\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try ForcePadProcess.run(
            ["--json", "--config", config.path], input: Data("sim press 400g\n".utf8), signal: (signal, 0.6))
        #expect(result.status == 0)
        #expect(result.standardError.hasSuffix("received; loop stopped, haptic line off, haptic driver in standby\n"))
        let haptic = result.outputLines.filter { $0.contains("\"event\":\"haptic.") }
        #expect(haptic.last?.contains("\"event\":\"haptic.off\",\"pattern\":\"pop\"") == true, "\(result.standardOutput)\n\(result.standardError)")
        #expect(haptic.filter { $0.contains("haptic.on") }.count == haptic.filter { $0.contains("haptic.off") }.count)
    }

    @Test func aSignalNamesTheSettingsThatWereNotSaved() throws {
        let result = try ForcePadProcess.run(
            ["--no-rt"], input: Data("threshold touch 30g\nfilter one-pole 40Hz\n".utf8), signal: (SIGTERM, 0.6))
        #expect(result.status == 0)
        #expect(result.standardError.contains(
            "forcepad: SIGTERM received with unsaved changes to thresholds.touch, filter.kind, filter.cutoff; they are lost (config save keeps settings)\n"),
            "\(result.standardError)")
        #expect(result.standardError.hasSuffix("received; loop stopped, haptic line off, haptic driver in standby\n"))
    }
}
