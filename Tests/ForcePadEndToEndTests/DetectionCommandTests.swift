import Foundation
import Testing

/// `detection NAME`: a recording made on the sim board with its reference sensor, scored with
/// the settings it was recorded with and with the settings in force.
@Suite struct DetectionCommandTests {
    @Test func theSettingsInForceAreScoredAgainstTheReference() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--json", "--state-dir", scratch.state.path],
            lines: ["record start taps", "sim press 400g for 200ms", "wait 400ms", "sim press 350g for 200ms", "wait 400ms", "record stop",
                    "filter one-pole 30Hz", "hysteresis dwell 5ms", "detection taps", "detection missing", "quit"])
        let answer = try #require(LabTests.answers(result, to: "detection").first)
        let recording = try #require((answer["recordings"] as? [[String: Any]])?.first)
        let recorded = try #require(recording["recorded"] as? [String: Any]), current = try #require(recording["current"] as? [String: Any])
        for scored in [recorded, current] {
            #expect(scored["presses"] as? Int == 2 && scored["stages"] as? Int == 4, "\(scored)")
            #expect(scored["false_fires"] as? Int == 0 && scored["misses"] as? Int == 0 && scored["chatter"] as? Int == 0, "\(scored)")
        }
        // The one-pole at 30 Hz and a 5 ms dwell are later than the defaults the taps were recorded with.
        let fast = try #require((recorded["crossing_to_frame_us"] as? [String: Any])?["p99"] as? Int)
        let slow = try #require((current["crossing_to_frame_us"] as? [String: Any])?["p99"] as? Int)
        #expect(slow > fast + 5_000, "recorded p99 \(fast) us, in force \(slow) us")
        let refusal = LabTests.answers(result, to: "detection").last
        #expect((refusal?["error"] as? String)?.hasPrefix("no recording named 'missing'") == true, "\(String(describing: refusal))")
    }

    @Test func aRecordingWithoutAReferenceIsRefusedSayingWhy() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let board = FileManager.default.temporaryDirectory.appendingPathComponent("detection-\(UUID().uuidString).toml")
        defer { try? FileManager.default.removeItem(at: board) }
        let text = try String(contentsOfFile: "boards/sim.toml", encoding: .utf8)
        try String(text[..<text.range(of: "[reference]")!.lowerBound]).write(to: board, atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(
            ["--board", board.path, "--state-dir", scratch.state.path],
            lines: ["record start plain", "sim press 300g for 100ms", "wait 300ms", "record stop", "detection plain", "quit"])
        #expect(result.outputLines.contains("error: 'plain' has no reference readings to score against: record it with a [reference] sensor (docs/reference-sensors.md)"), "\(result.outputLines)")
    }
}
