import Foundation
import Testing

@Suite struct PipelineCommandsTests {
    /// The numbers in a line like "force       200.242g total, …" or "cells  1g  2g".
    func grams(_ line: String) -> [Double] {
        line.split(separator: " ").compactMap { word in word.hasSuffix("g") || word.hasSuffix("g,") ? Double(word.trimmingCharacters(in: CharacterSet(charactersIn: "g,"))) : nil }
    }

    @Test func forceShowsCellsCentroidAndContacts() throws {
        let result = try ForcePadProcess.run([], lines: ["sim press 200g at 0.125", "force", "quit"])
        #expect(result.status == 0)
        let lines = result.outputLines
        let total = try #require(lines.first { $0.hasPrefix("force ") }.map(grams)?.first)
        #expect(abs(total - 200) < 2)
        let cells = try #require(lines.first { $0.hasPrefix("cells ") }.map(grams))
        #expect(cells.count == 4 && abs(cells[0] - 200) < 2 && cells[1...].allSatisfy { $0 < 1 })
        #expect(lines.contains("contacts    1, centroid x 0.125"))
        #expect(lines.contains("cell  reading  zero  grams"))
    }

    @Test func tareIsRefusedWhilePressedAndWorksOnceReleased() throws {
        let result = try ForcePadProcess.run([], lines: ["sim press 100g", "tare", "sim release", "tare", "status", "quit"])
        #expect(result.status == 0)
        let lines = result.outputLines
        let refusal = try #require(lines.first { $0.hasPrefix("error: tare refused") })
        #expect(refusal.hasPrefix("error: tare refused: the pad is being touched (up to "))
        #expect(refusal.hasSuffix(" while measuring); lift off and try again"))
        #expect(lines.contains { $0.hasPrefix("tared: zeros ") && $0.hasSuffix(" counts") })
        #expect(lines.contains { $0.hasPrefix("zero        tared; drift since tare max ") })
    }

    @Test func filterCanBeChangedAndShowsItsDelay() throws {
        let result = try ForcePadProcess.run([], lines: ["filter", "filter biquad 40Hz", "filter spike off", "filter none", "filter one-pole 500Hz", "quit"])
        #expect(result.outputLines.prefix(5) == [
            "one-euro 5Hz at rest, beta 0.03 Hz per g/s, speed 10Hz, spike rejection on; delay at rest 32.83 ms (32.83 frames)",
            "biquad 40Hz, spike rejection on; delay 6.6 ms (6.6 frames)",
            "biquad 40Hz, spike rejection off; delay 5.6 ms (5.6 frames)",
            "none, spike rejection off; delay 0 ms (0 frames)",
            "error: filter.cutoff: 500Hz is above what the filter can do at the board's 1000Hz sample rate (at most 450Hz, 0.45 × the rate); lower the cut-off",
        ])
    }

    /// The one-euro filter's β and speed cut-off are set with it, each under the settings rules;
    /// the touch dwell is set on its own.
    @Test func theOneEuroFilterAndTheTouchDwellAreSetFromTheShell() throws {
        let result = try ForcePadProcess.run([], lines: [
            "filter one-euro 8Hz beta 0.1 speed 12Hz", "filter one-euro 8Hz beta 11", "filter one-euro 8Hz speed 0.01Hz",
            "filter one-euro 8Hz gamma 1", "hysteresis touch-dwell 5ms", "hysteresis touch-dwell 2s", "quit",
        ])
        #expect(result.outputLines.prefix(6) == [
            "one-euro 8Hz at rest, beta 0.1 Hz per g/s, speed 12Hz, spike rejection on; delay at rest 20.9 ms (20.9 frames)",
            "error: filter.beta: 11Hz per g/s is out of range; allowed: 0…10Hz per g/s",
            "error: filter.speed_cutoff: 0.01Hz is out of range; allowed: 0.1Hz…500Hz",
            "error: unknown one-euro setting 'gamma': use beta|speed",
            "touch 5g  peek 15g  pop 20g  dwell 0ms  touch dwell 5ms",
            "error: hysteresis.touch_dwell: 2s is out of range; allowed: 0ms…1s",
        ])
    }

    /// A number and its unit typed apart are refused with the two written together.
    @Test func aNumberAndItsUnitTypedApartAreShownTogether() throws {
        let result = try ForcePadProcess.run([], lines: ["threshold peek 150 g", "filter biquad 30 Hz", "wait 20 ms", "quit"])
        #expect(result.outputLines.prefix(3) == [
            "error: force: '150 g' has a space in it: write the number and unit together: 150g",
            "error: filter.cutoff: '30 Hz' has a space in it: write the number and unit together: 30Hz",
            "error: duration: '20 ms' has a space in it: write the number and unit together: 20ms",
        ])
    }

    @Test func aDamagedSavedCalibrationStopsStartUpWithItsLocation() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let file = state.appendingPathComponent("calibration-sim.toml")
        try "board = \"sim\"\nversion = \"0.1.0\"\nwritten = \"t\"\nchecksum = \"crc32:00000000\"\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(["--state-dir", state.path], lines: ["quit"])
        #expect(result.status == 2)
        #expect(result.standardError == "forcepad: \(file.path): cell: has 0 [[cell]] tables; board 'sim' has 4 cells (move the file away to use the board's default calibration)\n")
    }
}
