import Foundation
import Testing

/// Recordings are hostile input: a real trial recorded once, copied, and one value of the copy
/// changed as a lab might receive it (or as a damaged disk leaves it). No command traps on it:
/// `record list` lists it as unusable with the key and the fix and goes on with the others;
/// `trial report`, `replay`, `report` and `record export` refuse it in one line.
@Suite struct DamagedRecordingTests {
    typealias Scratch = LabTests.Scratch

    /// The folder of a trial of two presses (with the sim board's reference channel), recorded
    /// once for every test of the suite; tests copy it and never change it.
    static let template: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcepad-damaged-\(UUID().uuidString)")
        let lines = ["trial start 2 name=t1", "sim press 200g for 300ms", "wait 400ms", "sim press 320g for 300ms", "wait 600ms", "trial"]
        _ = try? ForcePadProcess.run(["--state-dir", directory.path], lines: lines)
        return directory.appendingPathComponent("recordings/t1")
    }()

    /// A state directory holding `good` (the template as it is) and `bad` (the template with
    /// `change` applied to its files).
    static func stateDirectory(_ change: (URL) throws -> Void) throws -> Scratch {
        let scratch = try Scratch()
        let recordings = scratch.state.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: template, to: recordings.appendingPathComponent("bad"))
        try FileManager.default.copyItem(at: template, to: recordings.appendingPathComponent("good"))
        try change(recordings.appendingPathComponent("bad"))
        return scratch
    }

    /// `text` with the number after `"key" :` (the first after `anchor`) replaced by `value`.
    static func replacing(_ key: String, with value: String, after anchor: String = "{", in text: String) throws -> String {
        let start = try #require(text.range(of: anchor)).upperBound
        let pattern = try NSRegularExpression(pattern: "\"\(key)\" : -?[0-9.e+]+")
        let range = NSRange(start..<text.endIndex, in: text)
        let match = try #require(pattern.firstMatch(in: text, range: range))
        return (text as NSString).replacingCharacters(in: match.range, with: "\"\(key)\" : \(value)")
    }

    /// Changes the number at `key` (the first after `anchor`) of `recording.json` in `folder` to `value`.
    static func changeDescription(_ folder: URL, _ key: String, _ value: String, after anchor: String) throws {
        let file = folder.appendingPathComponent("recording.json")
        try replacing(key, with: value, after: anchor, in: String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    /// Runs every command that reads recording `bad` of `scratch` and checks that none traps:
    /// `record list` lists `bad` (as `state`) and `good`, and each other command refuses
    /// `bad` in one line holding `refusal` and the fix.
    static func expectRefusedEverywhere(_ scratch: Scratch, listedAs state: String, refusal: String, _ what: String) throws {
        let commands = ["record list", "trial report bad", "replay bad settings=recorded", "report bad", "record export bad"]
        let result = try ForcePadProcess.run(["--state-dir", scratch.state.path], lines: ["mode json"] + commands)
        #expect(result.status == 0, "\(what): \(result.standardError.suffix(400))")
        let list = try #require(LabTests.answers(result, to: "record").first?["recordings"] as? [[String: Any]], "\(what)")
        #expect(list.map { $0["name"] as? String } == ["bad", "good"])
        #expect(list.first?["state"] as? String == state && list.last?["state"] as? String == "complete", "\(what): \(list)")
        if state == "unusable" {
            #expect((list.first?["problem"] as? String)?.contains(refusal) == true, "\(what): \(list.first ?? [:])")
        }
        for command in ["trial", "replay", "report", "record"] {
            let errors = LabTests.answers(result, to: command).compactMap { $0["error"] as? String }
            #expect(errors.count == 1 && errors.allSatisfy { $0.contains(refusal) && !$0.contains("\n") }, "\(what): \(command): \(errors)")
            #expect(errors.allSatisfy { $0.contains("restore it from a copy") }, "\(what): \(command): \(errors)")
        }
    }

    @Test func theTemplateIsACompleteTrial() throws {
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.template.appendingPathComponent("recording.json"))) as? [String: Any])
        #expect(info["stopped_by"] as? String == "trial complete" && info["reference_period_us"] != nil)
    }

    /// Each value trapped a command before it was checked where it is read.
    @Test(arguments: [
        ("cutoff_hz", "1e19", "{", "key filter.cutoff_hz: 1e+19 Hz is out of range"),
        ("dropped_frames", "18446744073709551615", "{", "key dropped_frames: 18446744073709551615 is out of range"),
        ("missed_periods", "18446744073709551615", "{", "key missed_periods: 18446744073709551615 is out of range"),
        ("trial_presses", "-3", "{", "key trial_presses: -3 is out of range"),
        ("first_t_us", "-9223372036854775807", "{", "key first_t_us: -9223372036854775807 µs is out of range"),
        ("reference_period_us", "9223372036854775807", "{", "key reference_period_us: 9223372036854775807 µs is out of range"),
        ("pop_g", "-1e12", "\"thresholds\"", "key thresholds.pop_g: -1000000000000.0 g is out of range"),
        ("dwell_us", "-9223372036854775808", "{", "key dwell_us: -9223372036854775808 µs is out of range"),
    ])
    func aValueOutOfRangeInTheDescriptionIsListedAndRefusedInOneLine(key: String, value: String, anchor: String, what: String) throws {
        let scratch = try Self.stateDirectory { try Self.changeDescription($0, key, value, after: anchor) }
        defer { scratch.remove() }
        let file = scratch.state.appendingPathComponent("recordings/bad/recording.json").path
        try Self.expectRefusedEverywhere(scratch, listedAs: "unusable", refusal: "\(file): damaged (\(what)", key)
    }

    /// Recorded thresholds are checked by the settings rules when replayed with them, even
    /// while a preset is in force: a peek below touch is refused, not replayed.
    @Test func recordedThresholdsThatBreakTheRulesAreRefusedUnderAPreset() throws {
        let scratch = try Self.stateDirectory { try Self.changeDescription($0, "peek_g", "10", after: "\"thresholds\"") }
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--state-dir", scratch.state.path], lines: ["mode json", "preset medium", "replay bad settings=recorded", "replay good settings=recorded"])
        let replays = LabTests.answers(result, to: "replay")
        #expect(replays.count == 2)
        let refusal = replays.first?["error"] as? String ?? ""
        #expect(refusal.contains("thresholds.peek") && refusal.contains("10g"), "\(replays.first ?? [:])")
        #expect(replays.last?["ok"] as? Bool == true, "\(replays.last ?? [:])")
    }

    @Test func aLoopEventOutOfTimeOrderIsRefusedWithItsLine() throws {
        let scratch = try Self.stateDirectory { folder in
            // The first press's began and released swap times: the press would end before it began.
            let file = folder.appendingPathComponent("events.jsonl")
            var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            let began = try #require(lines.firstIndex { $0.contains("\"press.began\"") })
            let released = try #require(lines.firstIndex { $0.contains("\"press.released\"") })
            func time(_ line: String) throws -> String { String(try #require(line.firstMatch(of: /"t_us":([0-9]+)/)).output.1) }
            let (early, late) = (try time(lines[began]), try time(lines[released]))
            lines[began] = lines[began].replacingOccurrences(of: "\"t_us\":\(early)", with: "\"t_us\":\(late)")
            lines[released] = lines[released].replacingOccurrences(of: "\"t_us\":\(late)", with: "\"t_us\":\(early)")
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        defer { scratch.remove() }
        let file = scratch.state.appendingPathComponent("recordings/bad/events.jsonl").path
        // Listing reads only the description of a complete recording.
        try Self.expectRefusedEverywhere(scratch, listedAs: "complete", refusal: "\(file):", "events out of order")
    }

    @Test func aRecordingKilledBeforeItsFirstFrameIsListedAsEmptyAndRefusedInOneLine() throws {
        let scratch = try Self.stateDirectory { folder in
            // What a kill in the first quarter second leaves: the description written at the
            // start (no stop), and nothing flushed to the frames and events files.
            let file = folder.appendingPathComponent("recording.json")
            var info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            for key in ["stopped", "stopped_by", "first_t_us", "last_t_us", "presses_completed", "missed_periods"] { info[key] = nil }
            info["frames"] = 0
            try JSONSerialization.data(withJSONObject: info).write(to: file)
            for name in ["frames.csv", "events.jsonl"] { try Data().write(to: folder.appendingPathComponent(name)) }
        }
        defer { scratch.remove() }
        let folder = scratch.state.appendingPathComponent("recordings/bad").path
        let refusal = "\(folder): empty: the recording was cut short before its first frame was saved, so there is nothing to replay or report; delete \(folder)"
        let result = try ForcePadProcess.run(
            ["--state-dir", scratch.state.path], lines: ["mode json", "record list", "replay bad", "report bad", "record export bad", "trial report bad"])
        let list = try #require(LabTests.answers(result, to: "record").first?["recordings"] as? [[String: Any]])
        #expect(list.first?["state"] as? String == "empty" && list.first?["problem"] as? String == refusal)
        #expect(list.last?["state"] as? String == "complete")
        for command in ["replay", "report", "record", "trial"] {
            #expect(LabTests.answers(result, to: command).compactMap { $0["error"] as? String } == [refusal], "\(command)")
        }
        let replay = try ForcePadProcess.run(["replay", folder], input: Data())
        #expect(replay.status == 2 && replay.standardError == "forcepad: \(refusal)\n")
    }

    /// A FIFO where a recording's file should be is refused in one line naming it: opening
    /// one waited for a writer for ever, and the shell hung at `replay` (found by the mutation
    /// run, fuzz/mutate-recordings.py).
    @Test(arguments: ["frames.csv", "events.jsonl", "recording.json"])
    func aFIFOInPlaceOfARecordingsFileIsRefusedNotWaitedOn(file: String) throws {
        let scratch = try Self.stateDirectory { folder in
            let path = folder.appendingPathComponent(file).path
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o644) == 0)
        }
        defer { scratch.remove() }
        let fifo = scratch.state.appendingPathComponent("recordings/bad/\(file)").path
        let commands = ["replay bad", "report bad", "record export bad", "trial report bad", "sim play \(fifo)", "record list"]
        let result = try ForcePadProcess.run(["--state-dir", scratch.state.path], input: Data((["mode json"] + commands).map { $0 + "\n" }.joined().utf8), timeout: 20)
        #expect(result.status == 0, "\(result.standardError.suffix(400))")
        for command in ["replay", "report", "trial"] {
            let errors = LabTests.answers(result, to: command).compactMap { $0["error"] as? String }
            #expect(errors.count == 1 && errors.allSatisfy { $0.contains(fifo) && !$0.contains("\n") }, "\(file): \(command): \(errors)")
        }
        if file != "recording.json" {
            let errors = LabTests.answers(result, to: "replay").compactMap { $0["error"] as? String }
            #expect(errors.first?.contains("\(fifo): a FIFO, not a regular file; replace it with the file") == true, "\(errors)")
        }
        let play = LabTests.answers(result, to: "sim").first?["error"] as? String
        #expect(play?.contains("\(fifo): a FIFO, not a regular file") == true || file != "frames.csv", "\(play ?? "no error")")
        #expect(LabTests.answers(result, to: "record").count == 2)
    }

    @Test func aTraceEndingAtTheLargestTimeIsRefusedBySimPlayAndReplay() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let trace = scratch.directory.appendingPathComponent("far.csv")
        try "t_us,g0,g1,g2,g3\n0,0,0,0,0\n1000,100,0,0,0\n9223372036854775807,0,0,0,0\n".write(to: trace, atomically: true, encoding: .utf8)
        let refusal = "\(trace.path):4: t_us 9223372036854775807 is after 10000000000000000, the latest time a trace may give; check the row"
        let play = try ForcePadProcess.run(["--state-dir", scratch.state.path], lines: ["mode json", "sim play \(trace.path)", "status"])
        #expect(play.status == 0, "\(play.standardError.suffix(400))")
        #expect(LabTests.answers(play, to: "sim").first?["error"] as? String == refusal)
        let replay = try ForcePadProcess.run(["replay", trace.path], input: Data(), timeout: 10)
        #expect(replay.status == 2 && replay.standardError == "forcepad: \(refusal)\n")
    }

    @Test func aTraceWithAGapOfHoursIsRefusedInsteadOfTickingThroughIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let trace = scratch.directory.appendingPathComponent("gap.csv")
        // A day between two rows: period by period, a replay would tick 86 million times.
        try "t_us,g0,g1,g2,g3\n0,0,0,0,0\n86400000000,0,0,0,0\n".write(to: trace, atomically: true, encoding: .utf8)
        let replay = try ForcePadProcess.run(["replay", trace.path], input: Data(), timeout: 10)
        #expect(replay.status == 2)
        #expect(replay.standardError
            == "forcepad: \(trace.path):3: t_us 86400000000 is more than 3600s after the first row (0), the longest trace that plays; split the trace or close the gap\n")
    }
}
