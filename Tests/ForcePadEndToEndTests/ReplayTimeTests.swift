import Foundation
import Testing

/// `forcepad replay` respects time: a trace whose rows are farther apart than the loop's
/// period is resampled to it, so replay and `sim play` agree; a recording made at another
/// rate is refused with the figures.
@Suite struct ReplayTimeTests {
    static let trace = ForcePadProcess.packageRoot.appendingPathComponent("rig/traces/peek-then-pop.csv").path

    static func times(_ output: String, of event: String) -> [Int] {
        LabTests.objects(output.split(separator: "\n").map(String.init))
            .filter { $0["event"] as? String == event }.compactMap { $0["t_us"] as? Int }
    }

    /// The trace steps every 50 ms to 200 g at 200 ms, holds, 400 g at 1.4 s, releases from
    /// 2.4 s: replayed row by row it fired peek at 1.4 s and never released.
    @Test func aTraceInFiftyMillisecondStepsReplaysInRealTime() throws {
        let replay = try ForcePadProcess.run(["replay", Self.trace, "--json"], input: Data())
        #expect(replay.status == 0)
        let peek = try #require(Self.times(replay.standardOutput, of: "press.peek").first)
        let pop = try #require(Self.times(replay.standardOutput, of: "press.pop").first)
        let released = try #require(Self.times(replay.standardOutput, of: "press.released").first)
        #expect((150_000...260_000).contains(peek), "peek at \(peek) us")
        #expect((1_250_000...1_460_000).contains(pop), "pop at \(pop) us")
        #expect((2_400_000...2_700_000).contains(released), "released at \(released) us")
        // The peek pattern's 2 ms pulse lasts 2 ms, not 2 rows.
        let on = try #require(Self.times(replay.standardOutput, of: "haptic.on").first)
        let off = try #require(Self.times(replay.standardOutput, of: "haptic.off").first)
        #expect(off - on == 2_000)

        // sim play of the same file, in real time, fires the same stages at the same times
        // (within the filter's lag and the sim's noise).
        let played = try ForcePadProcess.run([], lines: ["mode json", "sim play \(Self.trace)", "wait 3s", "quit"])
        let began = try #require(Self.times(played.standardOutput, of: "press.began").first)
        let replayBegan = try #require(Self.times(replay.standardOutput, of: "press.began").first)
        let offset = began - replayBegan
        let playedPeek = try #require(Self.times(played.standardOutput, of: "press.peek").first)
        let playedPop = try #require(Self.times(played.standardOutput, of: "press.pop").first)
        #expect(abs(playedPeek - offset - peek) <= 60_000, "sim play peek \(playedPeek - offset) us, replay \(peek) us")
        #expect(abs(playedPop - offset - pop) <= 60_000, "sim play pop \(playedPop - offset) us, replay \(pop) us")
    }

    @Test func aRecordingMadeAtAnotherRateIsRefused() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        _ = try ForcePadProcess.run(["--state-dir", scratch.state.path], lines: ["record start r", "sim press 200g for 50ms", "record stop"])
        let info = scratch.state.appendingPathComponent("recordings/r/recording.json")
        let text = try String(contentsOf: info, encoding: .utf8)
        try text.replacingOccurrences(of: "\"sample_rate_hz\" : 1000", with: "\"sample_rate_hz\" : 150").write(to: info, atomically: true, encoding: .utf8)
        let replay = try ForcePadProcess.run(["replay", scratch.state.appendingPathComponent("recordings/r").path], input: Data())
        #expect(replay.status == 2)
        #expect(replay.standardError.contains("'r' was recorded at 150 Hz; board 'sim' now runs at 1000 Hz"))
    }
}
