import Foundation
import Testing

/// `trial resume` through the real binary on the simulated stand: a stand trial killed
/// midway is continued by a second forcepad in a new part, pressed the same way, and reported
/// as one trial that keeps every press the first part finished; and a resume whose verdict
/// could not stand is refused with one line and the fix.
@Suite(.serialized) struct StandTrialResumeTests {
    @Test func aKilledStandTrialResumesAsOneTrialKeepingEveryFinishedPress() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let arguments = ["--board", StandTrialTests.board, "--json", "--state-dir", scratch.state.path]
        let killed = try ForcePadProcess.run(
            arguments, input: Data("stand home\ntrial start 20 stand speed 600mm/min depth 4.2mm return 1.8mm name=long\n".utf8),
            signal: (SIGKILL, 6))
        let finished = LabTests.objects(killed.outputLines).filter { $0["event"] as? String == "press.released" }.count
        #expect(finished >= 2 && finished < 20, "\(killed.standardOutput)")
        let lines = [
            "stand home", "trial resume long", "trial", "trial wait 300s", "trial report", "report long-2", "replay long", "replay long-2",
            "trial resume long",
        ]
        let resumed = try ForcePadProcess.run(arguments, input: Data(lines.map { $0 + "\n" }.joined().utf8), timeout: 600)
        let answers = LabTests.answers(resumed, to: "trial")
        let resume = try #require(answers.first)
        #expect(resume["ok"] as? Bool == true, "\(resume)")
        #expect(resume["name"] as? String == "long-2")
        #expect(resume["resumes"] as? String == "long")
        #expect(resume["stand"] as? Bool == true)
        let before = try #require(resume["presses_before"] as? Int)
        // The press under way when it was killed may have ended unrecorded; every one before it is kept.
        #expect(before >= finished - 1 && before <= finished, "\(before) of \(finished)")
        #expect(resume["presses"] as? Int == 20 - before)
        let progress = try #require(answers.dropFirst().first)
        #expect(progress["trial"] as? String == "long-2" && progress["resumes"] as? String == "long", "\(progress)")
        #expect(progress["presses_before"] as? Int == before && progress["presses"] as? Int == 20 - before, "\(progress)")

        let report = try #require(answers.first { $0["parts"] != nil }, "\(answers)")
        let parts = try #require(report["parts"] as? [[String: Any]])
        #expect(parts.map { $0["name"] as? String } == ["long", "long-2"])
        #expect(parts.map { $0["first_press"] as? Int } == [1, before + 1])
        #expect(parts.map { $0["presses"] as? Int } == [before, 20 - before])
        #expect(parts.map { $0["ended"] as? String } == ["interrupted", "trial complete"])
        let reasons = report["incomplete_because"] as? [String] ?? []
        #expect(!reasons.contains { $0.hasPrefix("interrupted") || $0.contains("settings changed") }, "\(reasons)")
        let counted = (report["judged_presses"] as? Int ?? 0) + (report["excluded_presses"] as? [Any] ?? []).count
        #expect(counted == 20, "\(report)")
        let drift = try #require(report["drift"] as? [[String: Any]], "\(report)")
        #expect(drift.last?["last_press"] as? Int ?? 0 > before, "\(drift)")
        for bin in drift { #expect(abs((bin["peek_travel_mm"] as? Double ?? 0) - 2.8) < 0.1, "\(bin)") }

        // Reported whole under the trial's first name, every press with its travel.
        let written = try #require(LabTests.answers(resumed, to: "report").first)
        #expect(written["name"] as? String == "long", "\(written)")
        let sealed = try #require(try JSONSerialization.jsonObject(with: Data(scratch.text("reports/long.json").utf8)) as? [String: Any])
        let presses = try #require(sealed["presses"] as? [[String: Any]])
        #expect(presses.count == 20)
        // Each press's curve from its own part's travel and readings: none reaches across the cut
        // (the part before ended mid-press, and the stand was homed again between them).
        for press in presses where press["excluded"] as? Bool == false {
            let travel = try #require(press["travel"] as? [String: Any], "\(press)")
            #expect(abs((travel["peek_mm"] as? Double ?? 0) - 2.8) < 0.1, "\(press["press"] ?? ""): \(travel)")
            #expect(abs((travel["peak_force_g"] as? Double ?? 0) - 160) < 8, "\(press["press"] ?? ""): \(travel)")
            #expect(abs((travel["depth_mm"] as? Double ?? 0) - 4.2) < 0.05, "\(press["press"] ?? ""): \(travel)")
            #expect(abs((travel["return_force_g"] as? Double ?? 0) - 130) < 8, "\(press["press"] ?? ""): \(travel)")
            #expect(abs(travel["hysteresis_g"] as? Double ?? 99) < 5, "\(press["press"] ?? ""): \(travel)")
        }
        let plot = try scratch.text("reports/long.force-travel.svg")
        for figure in ["peek_force_g", "pop_force_g", "peek_error_g", "peek_travel_mm"] {
            #expect(plot.contains("class=\"drift\" data-figure=\"\(figure)\""), "\(figure)")
        }
        #expect(((sealed["recording"] as? [String: Any])?["parts"] as? [Any])?.count == 2)
        #expect((sealed["replay"] as? [String: Any])?["identical"] as? Bool == true, "\(sealed["replay"] ?? "")")
        for replay in LabTests.answers(resumed, to: "replay") { #expect(replay["identical"] as? Bool == true, "\(replay)") }

        let again = try #require(answers.last)
        #expect(again["ok"] as? Bool == false)
        #expect(again["error"] as? String == "trial long has all 20 presses; nothing to resume: trial report long", "\(again)")
    }

    @Test func aResumeWhoseVerdictCouldNotStandIsRefusedWithTheFix() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--board", StandTrialTests.board, "--state-dir", scratch.state.path],
            lines: [
                "record start plain", "record stop", "trial resume plain", "trial resume nothing", "trial start 5 name=few", "trial stop",
                "threshold peek 170g", "trial resume few", "threshold peek 150g", "trial resume few", "trial stop",
            ])
        let errors = result.outputLines.filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 3, "\(result.standardOutput)")
        #expect(errors.contains("error: 'plain' is a recording, not a trial: only a trial's presses are resumed"))
        #expect(errors.contains { $0.hasPrefix("error: no recording named 'nothing' in ") })
        #expect(errors.contains {
            $0.hasPrefix("error: the settings now differ from those trial few was made with (thresholds); set them back as ")
                && $0.hasSuffix("few/recording.json gives them, or start a new trial")
        }, "\(errors)")
        #expect(result.outputLines.contains("trial few resumed as few-2: 0 of 5 presses done; counting the next 5 presses (tared); trial report few when done"))
    }
}
