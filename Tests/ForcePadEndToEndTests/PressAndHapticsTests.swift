import Foundation
import Testing

@Suite struct PressAndHapticsTests {
    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    /// A force trace (grams on the two middle cells of the sim strip) rising at `slope` g/ms
    /// to `peak`, held, then falling back to zero.
    func pressTrace(peak: Double, slope: Double = 4, holdMillis: Int = 200) -> String {
        var rows = ["# a scripted press", "t_us,g0,g1,g2,g3"]
        let rise = Int(peak / slope)
        for millis in 0..<(2 * rise + holdMillis + 100) {
            let force = millis < rise ? Double(millis) * slope
                : millis < rise + holdMillis ? peak : max(0, peak - Double(millis - rise - holdMillis) * slope)
            rows.append("\(millis * 1000),0,\(force / 2),\(force / 2),0")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    func write(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-trace-\(UUID().uuidString).csv")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func simulatedPressShowsBeganPeekPopHapticsAndReleaseInOrder() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["sim press 400g for 300ms", "quit"])
        #expect(result.status == 0)
        let lines = try objects(result.standardOutput)
        let names = lines.compactMap { $0["event"] as? String }
        #expect(names.first == "press.began")
        #expect(names.last == "press.released")
        let peek = try #require(names.firstIndex(of: "press.peek"))
        let pop = try #require(names.firstIndex(of: "press.pop"))
        #expect(peek < pop)
        #expect(names.filter { $0 == "press.peek" }.count == 1 && names.filter { $0 == "press.pop" }.count == 1)
        let peekLine = lines.first { $0["event"] as? String == "press.peek" }!
        let hapticOn = lines.first { $0["event"] as? String == "haptic.on" }!
        #expect(hapticOn["pattern"] as? String == "peek")
        #expect(hapticOn["t_us"] as? Int == peekLine["t_us"] as? Int)
        #expect(names.filter { $0 == "haptic.on" }.count == names.filter { $0 == "haptic.off" }.count)
        #expect(lines.first { $0["event"] as? String == "press.released" }?["stage"] as? String == "pop")
        #expect(lines.suffix(2).map { $0["cmd"] as? String } == ["sim", "quit"])
    }

    /// Presses ramping to 400 g and to 600 g over the sim board's 20 ms rise: with the shipped
    /// settings each stage's pattern drives the line in the frame the stage fired, pop's
    /// included although it follows peek by a few ms (peek's 2 ms pulse is over by then).
    @Test func eachStagesPulseStartsInTheFrameTheStageFired() throws {
        let result = try ForcePadProcess.run(["--json"], lines: ["sim press 400g for 150ms", "sim press 600g for 150ms", "quit"])
        #expect(result.status == 0)
        let lines = try objects(result.standardOutput)
        for stage in ["peek", "pop"] {
            let fired = lines.indices.filter { lines[$0]["event"] as? String == "press.\(stage)" }
            #expect(fired.count == 2, "press.\(stage)")
            for index in fired {
                let time = try #require(lines[index]["t_us"] as? Int)
                let pulse = try #require(
                    lines[index...].first { $0["event"] as? String == "haptic.on" && $0["pattern"] as? String == stage },
                    "no haptic.on for \(stage) at \(time) us")
                #expect(pulse["t_us"] as? Int == time, "\(stage) at \(time) us")
                let latency = try #require(pulse["stage_to_line_us"] as? Int)
                #expect(latency >= 0 && latency < 1000, "\(stage) at \(time) us: latency \(latency) us")
                #expect(pulse["stage_t_us"] as? Int == time)
                #expect(pulse["line_us"] as? Int == time + latency)
            }
        }
    }

    /// A line that is not driven has no latency: events and `haptic stats` say why instead
    /// of printing a 0 that reads like a perfect measurement.
    @Test func anUndrivenLineReportsNoLatency() throws {
        let result = try ForcePadProcess.run([], lines: [
            "mode json", "haptic dry-run", "sim press 400g for 100ms", "haptic stats", "haptic off", "sim press 400g for 100ms",
            "haptic stats", "quit",
        ])
        #expect(result.status == 0)
        let lines = try objects(result.standardOutput)
        let pulses = lines.filter { $0["event"] as? String == "haptic.on" }
        let states = pulses.map { $0["line"] as? String ?? "" }
        #expect(states.count >= 4)
        #expect(states == Array(repeating: "dry-run", count: states.count / 2) + Array(repeating: "not driven", count: states.count / 2))
        #expect(pulses.allSatisfy { $0["line_us"] == nil && $0["stage_to_line_us"] == nil && $0["latency_us"] == nil })
        let stats = lines.filter { $0["cmd"] as? String == "haptic" && $0["pulses"] != nil }
        #expect(stats.count == 4)
        #expect(stats.allSatisfy { $0["stage_to_line_us"] is NSNull })
    }

    @Test func replayIsDeterministicAndFollowsTheContract() throws {
        let trace = try write(pressTrace(peak: 400))
        defer { try? FileManager.default.removeItem(at: trace) }
        let first = try ForcePadProcess.run(["replay", trace.path, "--json"], lines: [])
        let second = try ForcePadProcess.run(["replay", trace.path, "--json"], lines: [])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        let names = try objects(first.standardOutput).compactMap { $0["event"] as? String }.filter { $0 != "press.progress" }
        #expect(names == [
            "press.began", "press.peek", "haptic.on", "haptic.off", "press.pop", "haptic.on", "haptic.off", "haptic.on",
            "haptic.off", "press.released",
        ])
    }

    @Test func aLightPressOnlyPeeksAndReleasesFromPeek() throws {
        let trace = try write(pressTrace(peak: 200))
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try ForcePadProcess.run(["replay", trace.path], lines: [])
        #expect(result.status == 0)
        let events = result.outputLines.compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first }
        #expect(events.filter { $0.hasPrefix("press.") && $0 != "press.progress" } == ["press.began", "press.peek", "press.released"])
        #expect(result.standardOutput.contains("press.released   stage peek"))
    }

    @Test func replayRejectsBadTracesWithTheirLine() throws {
        let trace = try write("t_us,g0,g1,g2,g3\n0,1,2,3\n")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try ForcePadProcess.run(["replay", trace.path], lines: [])
        #expect(result.status == 2)
        #expect(result.standardError == "forcepad: \(trace.path):2: expected 5 values (t_us and 4 cells), found 4\n")
    }

    @Test func simPlayRunsATraceWhileTheShellStaysUsable() throws {
        let trace = try write(pressTrace(peak: 400, holdMillis: 100))
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try ForcePadProcess.run(["--json"], lines: ["sim play \(trace.path)", "threshold", "wait 700ms", "quit"])
        #expect(result.status == 0)
        let lines = try objects(result.standardOutput)
        #expect(lines.first?["cmd"] as? String == "sim" && lines.first?["rows"] as? Int == 400)
        #expect(lines[1]["cmd"] as? String == "threshold")
        let names = lines.compactMap { $0["event"] as? String }
        #expect(names.contains("press.pop") && names.last == "press.released")
    }

    @Test func hapticCommandsTestChangeAndSwitchTheLine() throws {
        let result = try ForcePadProcess.run([], lines: [
            "haptic test pop", "wait 100ms", "haptic test \"on 5ms\"", "haptic test \"on 2s\"", "haptic test bump",
            "haptic pattern peek \"on 10ms off 5ms on 10ms\"", "haptic pattern thud \"on 10ms\"", "haptic dry-run", "haptic off", "haptic on",
            "haptic stats",
        ])
        #expect(result.status == 0)
        let lines = result.outputLines.filter { !$0.contains(" ms  haptic.") && !$0.hasPrefix("waited") }
        #expect(lines[0] == "playing pop: on 20ms off 30ms on 20ms")
        #expect(lines[1] == "playing on 5ms")
        #expect(lines[2] == "error: haptic pattern 'on 2s': step 1 lasts 2s; each step must last 1us to 1s")
        #expect(lines[3] == "error: no pattern 'bump': give a name (menu, peek, pop, tick) or a pattern in quotes such as \"on 20ms\"")
        #expect(lines[4] == "peek: on 10ms off 5ms on 10ms")
        #expect(lines[5].hasPrefix("error: pattern 'thud' is new: patterns are named in the config file"))
        #expect(lines[6].contains(", dry-run (events only, line never touched); "))
        #expect(lines[7].contains(", off (events only, line kept off); "))
        #expect(lines[8].contains("pulse on GPIO18 (simulated), on; "))
        #expect(lines.contains(
            "pulses      3 played, 0 cut by max on, 0 delayed by min off, 0 stages one period late, 0 refused by duty, 0 replaced"))
        #expect(result.outputLines.filter { $0.contains("haptic.on ") }.count == 3)
    }

    /// A pattern written out for `haptic test` is no setting: beyond max_on it is refused
    /// quoting it, never as a pattern called test.
    @Test func aTestPatternBeyondMaxOnIsRefusedQuotingIt() throws {
        let result = try ForcePadProcess.run([], lines: ["haptic test \"on 500ms\"", "quit"])
        #expect(result.outputLines.first
            == "error: haptic pattern 'on 500ms': longest on step (500ms) is above haptics.max_on (100ms); shorten the step or raise max_on")
    }

    @Test func hysteresisAndCancel() throws {
        let result = try ForcePadProcess.run([], lines: [
            "hysteresis", "hysteresis touch 25g", "hysteresis peek 10g", "hysteresis dwell 2ms", "cancel", "sim press 100g", "cancel",
        ])
        let lines = result.outputLines.filter { !$0.contains(" ms  ") }
        #expect(lines.prefix(6) == [
            "touch 5g  peek 15g  pop 20g  dwell 0ms  touch dwell 3ms",
            "error: hysteresis.touch: 25g must be below thresholds.touch (20g), or the touch stage could never be left; narrow the band or widen the gap",
            "touch 5g  peek 10g  pop 20g  dwell 0ms  touch dwell 3ms",
            "touch 5g  peek 10g  pop 20g  dwell 2ms  touch dwell 3ms",
            "error: no press in progress (press state: idle)",
            "pressing 100g",
        ])
        #expect(lines[6] == "cancelled")
        #expect(result.outputLines.contains { $0.hasSuffix("press.cancelled  command") })
    }
}
