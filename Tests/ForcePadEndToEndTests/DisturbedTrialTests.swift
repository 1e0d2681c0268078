import Foundation
import Testing

/// A busy machine still gets a verdict: a loss of frames, a reference gap or a lost sensor
/// leaves out only the presses it touched (their touch to their end, plus the filter's
/// settling time before the touch for lost frames); the others are judged, and each press
/// left out is listed with what touched it. Too few judged presses make the trial INCOMPLETE.
///
/// A trial of four presses is recorded once; each test copies it and removes frames (as a
/// missed loop period leaves them) or reference readings at a chosen time.
@Suite struct DisturbedTrialTests {
    typealias Scratch = LabTests.Scratch

    /// Loose limits, and the stages detected as before the one-euro default (a one-pole at
    /// 30 Hz, 5 ms dwells): the tests take frames out of the recorded file at rest, and the
    /// one-pole's state has converged on the same value again by the next press, so the
    /// recording still replays to its events; the one-euro filter's slower memory at rest can
    /// leave a milligram's difference, which the replay check rightly refuses. The zero's
    /// drift tracking is off, when recording and when judging, for the same reason: it follows
    /// every frame at rest (10 s time constant), so frames taken out of the file afterwards
    /// (frames a loop that missed them would never have followed) shift a cell's zero by a
    /// fraction of a count, enough now and then to round it the other way at the next touch
    /// and move that press's force by a few milligrams (about one trial in eight under load).
    static let limits = """
        [trials.peek]
        tolerance = "200g"
        [filter]
        kind = "one-pole"
        cutoff = "30Hz"
        [hysteresis]
        dwell = "5ms"
        touch_dwell = "5ms"
        [baseline]
        tracking = "0s"

        """

    /// The folder of a four-press trial with loose limits, recorded once; tests copy it. A
    /// loaded machine may make the loop miss periods in it too: of up to three recordings, the
    /// one with the fewest frames missing is kept, and tests judge their own change against
    /// what the template already had (``baseline``).
    static let template: URL = {
        let directory = config.deletingLastPathComponent()
        var lines = ["trial start 4 name=t1"]
        for force in [200, 240, 260, 220] { lines += ["sim press \(force)g for 400ms", "wait 300ms"] }
        lines.append("trial")
        var best: (folder: URL, gaps: Int)?
        for attempt in 1...3 {
            let state = directory.appendingPathComponent("state\(attempt)")
            _ = try? ForcePadProcess.run(["--config", config.path, "--state-dir", state.path], lines: lines)
            let folder = state.appendingPathComponent("recordings/t1")
            let gaps = frameGaps(folder)
            if best == nil || gaps < best!.gaps { best = (folder, gaps) }
            if gaps == 0 { break }
        }
        return best!.folder
    }()

    /// The configuration with ``limits``, in a folder of its own, for recording and judging.
    static let config: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-disturbed-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("forcepad.toml")
        try? limits.write(to: config, atomically: true, encoding: .utf8)
        return config
    }()

    /// Steps of more than one period between the frames of `folder`'s `frames.csv`.
    static func frameGaps(_ folder: URL) -> Int {
        let rows = (try? String(contentsOf: folder.appendingPathComponent("frames.csv"), encoding: .utf8)) ?? ""
        let times = rows.split(separator: "\n").compactMap { Int64($0.prefix { $0 != "," }) }
        return zip(times, times.dropFirst()).filter { $1 - $0 > 1500 }.count
    }

    /// The template's own report: what a busy machine already disturbed in it.
    static let baseline: (excluded: Set<Int>, disturbances: Int) = {
        guard let scratch = try? stateDirectory({ _ in }), let report = try? report(scratch) else { return ([], 0) }
        defer { scratch.remove() }
        let excluded = (report["excluded_presses"] as? [[String: Any]] ?? []).compactMap { $0["press"] as? Int }
        return (Set(excluded), (report["disturbances"] as? [Any])?.count ?? 0)
    }()

    /// The presses (from 1) the template's own disturbances did not touch, in `preference` order.
    static func untouched(_ preference: [Int]) -> [Int] { preference.filter { !baseline.excluded.contains($0) } }

    /// The verdict of a trial of four presses with `excluded` left out and its limit met.
    static func verdict(excluded: Set<Int>) -> String { 4 - excluded.count >= 3 ? "PASS" : "INCOMPLETE" }

    /// The presses a report left out.
    static func excluded(_ report: [String: Any]) -> Set<Int> {
        Set((report["excluded_presses"] as? [[String: Any]] ?? []).compactMap { $0["press"] as? Int })
    }

    /// Press times of the template (`press.began`, and `press.released`), µs.
    static func presses(_ folder: URL) throws -> [(began: Int64, ended: Int64)] {
        let events = try String(contentsOf: folder.appendingPathComponent("events.jsonl"), encoding: .utf8)
            .split(separator: "\n").compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let began = events.filter { $0["event"] as? String == "press.began" }.compactMap { ($0["t_us"] as? NSNumber)?.int64Value }
        let ended = events.filter { $0["event"] as? String == "press.released" }.compactMap { ($0["t_us"] as? NSNumber)?.int64Value }
        return Array(zip(began, ended))
    }

    /// A state directory with `bad`: the template with `change` applied.
    static func stateDirectory(_ change: (URL) throws -> Void) throws -> Scratch {
        let scratch = try Scratch()
        let recordings = scratch.state.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: template, to: recordings.appendingPathComponent("bad"))
        try change(recordings.appendingPathComponent("bad"))
        return scratch
    }

    /// Removes the rows of `frames.csv` with `from < t_us < to` and counts them as missed periods.
    static func removeFrames(_ folder: URL, from: Int64, to: Int64) throws {
        let file = folder.appendingPathComponent("frames.csv")
        let rows = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let kept = rows.filter { row in
            guard let time = Int64(row.prefix { $0 != "," }) else { return true }
            return time <= from || time >= to
        }
        try kept.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        try DamagedRecordingTests.changeDescription(folder, "missed_periods", "\(rows.count - kept.count)", after: "{")
    }

    /// The sealed report of `bad` (`report bad`, then `reports/bad.json`).
    static func report(_ scratch: Scratch) throws -> [String: Any] {
        let result = try ForcePadProcess.run(["--config", config.path, "--state-dir", scratch.state.path], lines: ["mode json", "report bad"])
        let answer = try #require(LabTests.answers(result, to: "report").first, "\(result.standardError.suffix(400))")
        let path = try #require(answer["json"] as? String, "\(answer)")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// `report bad` in text.
    static func text(_ scratch: Scratch) throws -> String {
        try ForcePadProcess.run(["--config", config.path, "--state-dir", scratch.state.path], lines: ["trial report bad"]).standardOutput
    }

    @Test func theTemplateIsATrialOfFourJudgedByItsOwnDisturbances() throws {
        #expect(try Self.presses(Self.template).count == 4)
        let scratch = try Self.stateDirectory { _ in }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        #expect(report["verdict"] as? String == Self.verdict(excluded: Self.baseline.excluded), "\(report["incomplete_because"] ?? "")")
        #expect(report["judged_presses"] as? Int == 4 - Self.baseline.excluded.count)
        // Each press held still for 400 ms: its static error, which the ideal sim pad keeps
        // within its noise (the reference's and the cells').
        let held = try #require((report["statistics"] as? [String: Any])?["static_error_g"] as? [String: Any], "\(report.keys)")
        let judged = [1, 2, 3, 4].filter { !Self.baseline.excluded.contains($0) }
        #expect(held["presses"] as? Int == judged.count && abs(held["mean"] as? Double ?? 99) < 1.5, "\(held)")
        #expect((held["held"] as? [[String: Any]])?.map { $0["press"] as? Int } == judged)
        #expect(try Self.text(scratch).contains("held still  pad − ref mean "))
    }

    /// Before, any missed period made the whole trial INCOMPLETE.
    @Test func framesMissingDuringAPressLeaveOutThatPressOnly() throws {
        let target = try #require(Self.untouched([2, 3, 4, 1]).first)
        let press = try Self.presses(Self.template)[target - 1]
        let scratch = try Self.stateDirectory { folder in
            try Self.removeFrames(folder, from: press.began + 200_000, to: press.began + 204_000)
        }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        let expected = Self.baseline.excluded.union([target])
        #expect(Self.excluded(report) == expected)
        #expect(report["verdict"] as? String == Self.verdict(excluded: expected), "\(report["incomplete_because"] ?? "")")
        #expect(report["judged_presses"] as? Int == 4 - expected.count)
        let excluded = try #require(report["excluded_presses"] as? [[String: Any]])
        let because = try #require(excluded.first { $0["press"] as? Int == target }?["because"] as? [[String: Any]])
        #expect(because.contains { $0["kind"] as? String == "frames_missing" && $0["frames"] as? Int == 3 }, "\(because)")
        let text = try Self.text(scratch)
        #expect(text.contains("judged      \(4 - expected.count) of 4 presses; \(expected.count) excluded (at least 3 needed)"), "\(text)")
        #expect(text.contains("press \(target)   3 frames missing at +"), "\(text)")
        if expected.count == 1 {
            #expect(text.contains("PASS: 1 of 1 limits met over 3 of 4 presses (1 excluded)"), "\(text)")
        }
    }

    @Test func framesMissingBetweenPressesLeaveOutNone() throws {
        let presses = try Self.presses(Self.template)
        let scratch = try Self.stateDirectory { folder in
            // After the release, more than the filter's settling time before the next touch.
            try Self.removeFrames(folder, from: presses[1].ended + 20_000, to: presses[1].ended + 23_000)
        }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        #expect(Self.excluded(report) == Self.baseline.excluded)
        #expect(report["verdict"] as? String == Self.verdict(excluded: Self.baseline.excluded), "\(report["incomplete_because"] ?? "")")
        let disturbances = try #require(report["disturbances"] as? [[String: Any]])
        #expect(disturbances.count == Self.baseline.disturbances + 1)
        #expect(disturbances.contains { ($0["from_us"] as? Int).map { $0 > presses[1].ended + 19_000 } == true && $0["frames"] as? Int == 2 })
    }

    /// Frames the filter never got just before a touch still move the press's force.
    @Test func framesMissingJustBeforeATouchLeaveOutThatPress() throws {
        let target = try #require(Self.untouched([3, 2, 4]).first)
        let press = try Self.presses(Self.template)[target - 1]
        let scratch = try Self.stateDirectory { folder in
            try Self.removeFrames(folder, from: press.began - 6_000, to: press.began - 3_000)
        }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        #expect(Self.excluded(report) == Self.baseline.excluded.union([target]), "\(report["disturbances"] ?? "")")
    }

    @Test func tooFewJudgedPressesAreIncomplete() throws {
        let presses = try Self.presses(Self.template)
        let targets = Self.untouched([1, 3, 2, 4]).prefix(2)
        let scratch = try Self.stateDirectory { folder in
            for target in targets {
                try Self.removeFrames(folder, from: presses[target - 1].began + 200_000, to: presses[target - 1].began + 203_000)
            }
        }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        let expected = Self.baseline.excluded.union(targets)
        #expect(expected.count >= 2 && Self.excluded(report) == expected)
        #expect(report["verdict"] as? String == "INCOMPLETE")
        let reasons = try #require(report["incomplete_because"] as? [String])
        #expect(reasons == ["\(expected.count) of 4 presses disturbed, \(4 - expected.count) left to judge; at least 3 needed ([trials] judged_presses_min)"], "\(reasons)")
    }

    /// Before, a reference-basis check failed on the press without a reading; now a reference
    /// gap (readings more than two periods apart) leaves that press out.
    @Test func aReferenceGapLeavesOutThePressItFallsIn() throws {
        let target = try #require(Self.untouched([3, 2, 1]).first)
        let press = try Self.presses(Self.template)[target - 1]
        let scratch = try Self.stateDirectory { folder in
            let file = folder.appendingPathComponent("events.jsonl")
            // As a starved reference thread leaves it: no readings, and no reference_g on the
            // stages of the press (none came within two periods of their frames).
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let time = (object["t_us"] as? NSNumber)?.int64Value, time >= press.began - 10_000, time <= press.ended
                else { return String(line) }
                if line.contains("reference.sample") { return nil }
                return line.replacingOccurrences(of: #","reference_g":-?[0-9.]+"#, with: "", options: .regularExpression)
            }
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        let expected = Self.baseline.excluded.union([target])
        #expect(report["verdict"] as? String == Self.verdict(excluded: expected), "\(report["incomplete_because"] ?? "")")
        #expect(Self.excluded(report) == expected)
        let excluded = try #require(report["excluded_presses"] as? [[String: Any]])
        let because = try #require(excluded.first { $0["press"] as? Int == target }?["because"] as? [[String: Any]])
        #expect(because.contains { $0["kind"] as? String == "reference_gap" }, "\(because)")
    }

    /// Before, an events file that its frames do not reproduce was judged as it stood.
    @Test func eventsThatTheFramesDoNotReplayToMakeTheTrialIncomplete() throws {
        let scratch = try Self.stateDirectory { folder in
            let file = folder.appendingPathComponent("events.jsonl")
            let text = try String(contentsOf: file, encoding: .utf8)
            let peek = try #require(text.range(of: #""event":"press.peek","force_g":"#))
            try (text[..<peek.upperBound] + "151.5" + text[peek.upperBound...].drop { $0 != "," }).write(to: file, atomically: true, encoding: .utf8)
        }
        defer { scratch.remove() }
        let report = try Self.report(scratch)
        #expect(report["verdict"] as? String == "INCOMPLETE")
        let reasons = try #require(report["incomplete_because"] as? [String])
        #expect(reasons.first?.hasPrefix("its frames do not replay to its events (event ") == true, "\(reasons)")
        #expect(reasons[0].contains("press.peek at ") && reasons[0].contains(" 151.5g"), "\(reasons)")
        #expect(try Self.text(scratch).contains("INCOMPLETE: its frames do not replay to its events (event "))
    }
}
