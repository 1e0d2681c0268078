import Foundation
import Testing

/// The click that was felt, end to end on the sim board with a simulated ADXL345 on its
/// simulated LRA: every stage's `haptic.felt`, the trial's per-stage felt latency and peak,
/// felt limits that pass and fail, and the physics of the drive showing in the figures.
@Suite struct FeltClickTests {
    /// boards/sim.toml with an accelerometer fixed to the pad; `edit` changes the rest.
    static func board(_ edit: @escaping (String) -> String = { $0 }) throws -> String {
        try ReferenceForceTests.board {
            edit($0) + "\n[accelerometer]\nmodel = \"adxl345\"\nrange = \"4g\"\naxis = \"z\"\n"
        }
    }

    /// boards/sim.toml without its DRV2605L: the line drives the actuator through a transistor.
    static func boardWithoutDriver() throws -> String {
        try board { text in
            let start = text.range(of: "# A simulated DRV2605L")!.lowerBound
            let end = text.range(of: "[serial]")!.lowerBound
            return String(text[..<start] + text[end...])
        }
    }

    /// `presses` presses to 400 g, then `trial report`, in a trial called `name`.
    static func trial(_ name: String, presses: Int, board: String, config: String, scratch: LabTests.Scratch) throws -> ForcePadProcess.Result {
        var lines = ["mode json", "trial start \(presses) name=\(name)"]
        for _ in 0..<presses { lines += ["sim press 400g for 250ms", "wait 100ms"] }
        lines += ["trial report", "quit"]
        return try ForcePadProcess.run(
            ["--board", board, "--config", config, "--state-dir", scratch.state.path],
            input: Data(lines.map { $0 + "\n" }.joined().utf8), timeout: 120)
    }

    static func check(_ report: [String: Any], _ limit: String) -> Bool? {
        (report["checks"] as? [[String: Any]])?.first { ($0["limit"] as? String)?.hasPrefix(limit) == true }?["passed"] as? Bool
    }

    /// A trial of `presses` on the board with an accelerometer, `config` its limits: the
    /// process's result and the last `trial` answer (its report). The stages are detected with
    /// a one-pole at 30 Hz and a 5 ms dwell, so the click always comes milliseconds after the
    /// true crossing (with the default one-euro filter the physical pad can fire first).
    static func judged(_ name: String, presses: Int, config text: String) throws -> (ForcePadProcess.Result, [String: Any]) {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let board = try Self.board()
        defer { try? FileManager.default.removeItem(atPath: board) }
        let detection = "[filter]\nkind = \"one-pole\"\ncutoff = \"30Hz\"\n[hysteresis]\ndwell = \"5ms\"\ntouch_dwell = \"5ms\"\n"
        let result = try Self.trial(name, presses: presses, board: board, config: try scratch.config(detection + text), scratch: scratch)
        return (result, try #require(LabTests.answers(result, to: "trial").last))
    }

    @Test func aTrialOf20PressesReportsEachStagesFeltLatencyAndPeak() throws {
        let (result, report) = try Self.judged("felt20", presses: 20, config: "[trials.pop]\nfelt_latency_max = \"1s\"\npeak_g_min = 0.1\n")
        #expect(result.status == 0)
        let events = LabTests.objects(result.outputLines)
        let judged = try #require(report["judged_presses"] as? Int)
        // A busy machine's kernel can hold even the SCHED_FIFO loop past a period (cyclictest
        // saw 4.5 ms here with two compilers running; a virtual machine's host took its CPU for
        // up to 27 ms, idle): each press a missed frame touched is left out, naming it; the felt
        // figures need the others.
        let exclusions = report["excluded_presses"] as? [[String: Any]] ?? []
        #expect(judged + exclusions.count == 20 && judged >= 5, "\(exclusions)")
        #expect(exclusions.allSatisfy { !($0["because"] as? [Any] ?? []).isEmpty })
        for stage in ["peek", "pop"] {
            let statistics = try #require(report[stage] as? [String: Any])
            let felt = try #require(statistics["felt"] as? [String: Any], "\(stage) has no felt figures")
            #expect(felt["count"] as? Int == statistics["fired"] as? Int, "every \(stage) has its haptic.felt")
            #expect(felt["not_felt"] as? Int == 0)
            let latency = try #require(felt["felt_latency_us"] as? [String: Any])
            let p50 = try #require(latency["p50"] as? Int)
            // The true crossing → the click: the filter's delay and dwell (about 10 ms here) plus the actuator's onset.
            #expect(p50 > 1_000 && p50 < 40_000, "\(stage) felt latency p50 \(p50)us")
            let peak = try #require((felt["peak_g"] as? [String: Any])?["min"] as? Double)
            #expect(peak > 0.05 && peak < 4, "\(stage) peak \(peak) g")
            // Each press's figures are the events' own.
            let feltEvents = events.filter { $0["event"] as? String == "haptic.felt" && $0["stage"] as? String == stage }
            #expect(feltEvents.count >= judged)
        }
        #expect(Self.check(report, "pop felt latency max") == true)
        #expect(Self.check(report, "pop peak") == true)
    }

    @Test func aPopFeltLatencyLimitFailsWhenTheClickComesLater() throws {
        let (_, report) = try Self.judged("felt-late", presses: 3, config: "[trials.pop]\nfelt_latency_max = \"1ms\"\n")
        #expect(Self.check(report, "pop felt latency max ≤ 1000us") == false)
        #expect(report["verdict"] as? String != "PASS")
    }

    /// Peek's clicks on one board: (onset latency µs, peak g) per press.
    static func peekClicks(board: String, setup: [String]) throws -> [(onset: Int, peak: Double)] {
        var lines = ["mode json"] + setup
        for _ in 0..<6 { lines += ["sim press 400g for 200ms", "wait 250ms"] }
        lines.append("quit")
        let result = try ForcePadProcess.run(["--board", board], input: Data(lines.map { $0 + "\n" }.joined().utf8), timeout: 60)
        return LabTests.objects(result.outputLines)
            .filter { $0["event"] as? String == "haptic.felt" && $0["stage"] as? String == "peek" }
            .compactMap { event in
                guard let onset = event["onset_latency_us"] as? Int, let peak = event["peak_g"] as? Double else { return nil }
                return (onset, peak)
            }
    }

    /// A 2 ms pulse through a transistor against Strong Click from a DRV2605L whose overdrive
    /// clamp is about 1.8 times the rated peak: the overdriven LRA's amplitude rises faster (felt sooner)
    /// and for longer (a higher peak), as an LRA's does.
    @Test func anOverdrivenEffectIsFeltSoonerAndStrongerThanA2msPulse() throws {
        let pulseBoard = try Self.boardWithoutDriver()
        defer { try? FileManager.default.removeItem(atPath: pulseBoard) }
        let effectBoard = try Self.board { $0.replacingOccurrences(of: "overdrive_clamp = \"2.5V\"", with: "overdrive_clamp = \"5.0V\"") }
        defer { try? FileManager.default.removeItem(atPath: effectBoard) }
        // Peek and pop 10 ms apart or more (one-pole 30 Hz, dwell 5 ms), as the two actuators were compared.
        let detection = ["filter one-pole 30Hz", "hysteresis dwell 5ms"]
        let pulse = try Self.peekClicks(board: pulseBoard, setup: detection + ["haptic pattern peek \"on 2ms\""])
        let effect = try Self.peekClicks(board: effectBoard, setup: detection + ["haptic pattern peek \"effect 1\""])
        try #require(pulse.count >= 5 && effect.count >= 5, "pulse \(pulse), effect \(effect)")
        // The soonest click of each: the driver's GO goes out from the event pump's thread, the
        // pulse from the loop's, so a busy machine only ever delays the effect's (under
        // stress-ng its median came 75 µs later than the pulse's); the physics shows in the
        // press it did not delay.
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        #expect(effect.map(\.onset).min()! < pulse.map(\.onset).min()!, "onset: pulse \(pulse), effect \(effect)")
        #expect(median(effect.map(\.peak)) > 2 * median(pulse.map(\.peak)), "peak: pulse \(pulse), effect \(effect)")
    }

    /// A recording keeps the accelerometer's samples (`accelerations.csv`): its replay measures
    /// every click again exactly, a changed sample shows as a difference in a felt click, and a
    /// damaged line is refused with the file, the line and the fix.
    @Test func aRecordingReplaysItsFeltClicksExactly() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let board = try Self.board()
        defer { try? FileManager.default.removeItem(atPath: board) }
        let config = try scratch.config("")
        _ = try Self.trial("felt-replay", presses: 3, board: board, config: config, scratch: scratch)
        func replay() throws -> [String: Any]? {
            let result = try ForcePadProcess.run(
                ["--board", board, "--config", config, "--state-dir", scratch.state.path], lines: ["mode json", "replay felt-replay", "quit"])
            return LabTests.answers(result, to: "replay").last
        }
        let path = scratch.state.appendingPathComponent("recordings/felt-replay/accelerations.csv")
        let text = try String(contentsOf: path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "t_us,accel_mg")
        #expect(lines.count > 3_000, "3200 samples a second for about a second")
        let events = try scratch.text("recordings/felt-replay/events.jsonl")
        let recordedClicks = events.split(separator: "\n").filter { $0.contains("\"haptic.felt\"") }.count
        #expect(recordedClicks == 6)
        let exact = try #require(try replay())
        #expect(exact["identical"] as? Bool == true, "\(exact)")
        // The report's drawing has the acceleration under the force.
        _ = try ForcePadProcess.run(
            ["--board", board, "--config", config, "--state-dir", scratch.state.path], lines: ["report felt-replay", "quit"])
        let svg = try scratch.text("reports/felt-replay.svg")
        let polyline = try #require(svg.split(separator: "\n").first { $0.contains("id=\"acceleration\"") })
        #expect(polyline.split(separator: " ").count > 100, "the acceleration trace has its points")
        // A sample just after the first peek's frame, changed: that click is measured differently.
        let peekTime = try #require(LabTests.objects(events.split(separator: "\n").map(String.init))
            .first { $0["event"] as? String == "haptic.felt" }?["t_us"] as? Int)
        let index = try #require(lines.indices.dropFirst().first { Int(lines[$0].split(separator: ",")[0])! > peekTime + 2_000 })
        let fields = lines[index].split(separator: ",")
        lines[index] = "\(fields[0]),\(Int(fields[1])! + 1_500)"
        try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
        let changed = try #require(try replay())
        #expect(changed["identical"] as? Bool == false)
        #expect((changed["difference"] as? String)?.hasPrefix("felt clicks: event 1: recorded haptic.felt") == true, "\(changed)")
        lines[index] = "\(fields[0]),many"
        try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(
            ["--board", board, "--config", config, "--state-dir", scratch.state.path], lines: ["replay felt-replay", "quit"])
        #expect((result.standardOutput + result.standardError).contains("accelerations.csv:\(index + 1): not two whole numbers t_us,accel_mg; restore it from a copy"), "\(result.standardOutput)")
    }
}
