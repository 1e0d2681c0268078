import Foundation
import Testing

/// The simulated test stand end to end through the real binary (`--board sim-stand`): the
/// shell's stand commands, a 100-press stand trial from one command with its verdict, travel
/// figures, force–travel curves and an identical replay, and the stops a user would rely on
/// (the force limit, SIGTERM).
@Suite(.serialized) struct StandTrialTests {
    static var board: String { ForcePadProcess.packageRoot.appendingPathComponent("boards/sim-stand.toml").path }

    @Test func theStandIsHomedMovedAndPressesThePad() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path],
            lines: ["stand move 1mm at 300mm/min", "stand home", "stand move 1.5mm at 300mm/min", "stand move to 250g at 120mm/min", "stand", "stand stop"])
        let refused = try #require(LabTests.answers(result, to: "stand").first)
        #expect(refused["ok"] as? Bool == false)
        #expect((refused["error"] as? String)?.contains("run stand home first") == true)
        let answers = LabTests.answers(result, to: "stand").filter { $0["ok"] as? Bool == true }
        #expect(answers.count == 5, "\(result.standardOutput)")
        #expect(answers.first?["travel_mm"] as? Double == 0)
        #expect(answers.first?["homed"] as? Bool == true)
        #expect(answers[1]["travel_mm"] as? Double == 1.5)
        let pressed = try #require(answers[2]["force_g"] as? Double)
        #expect(pressed >= 250 && pressed < 270, "\(pressed)")
        // Pressed through the spring, the simulated pad felt it: its press began.
        #expect(result.standardOutput.contains("\"event\":\"press.began\""))
        #expect(answers[4]["last_stop"] as? String == "requested")
    }

    @Test func wrongStandArgumentsGetOneLineErrorsWithTheFix() throws {
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--no-rt"],
            lines: [
                "stand move 2mm", "stand move to 2mm at 60mm/min", "stand home", "trial start 5 stand depth 3mm",
                "trial start 5 stand speed 60mm/min", "trial start 5 stand speed 60mm/min depth 3kg",
                "trial start 5 stand speed 900mm/min depth 3mm", "trial start 5 stand speed 60mm/min depth 3mm bounce 2",
            ])
        let errors = result.outputLines.filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 7, "\(result.standardOutput)")
        #expect(errors.first?.hasPrefix("error: missing 'at SPEED'; usage: stand | stand home") == true)
        #expect(errors.contains("error: force: unknown unit 'mm' in '2mm': use one of g, kg, N, mN"))
        #expect(errors.contains("error: a stand trial needs 'speed SPEED', e.g. speed 120mm/min"))
        #expect(errors.contains("error: a stand trial needs 'depth FORCE' or 'depth TRAVEL', e.g. depth 300g"))
        #expect(errors.contains("error: 3000g is not below the board's force_limit 1000g"))
        #expect(errors.contains("error: 900mm/min is outside 0.5mm/min…600mm/min (the board's max_speed)"))
        #expect(errors.contains { $0.hasPrefix("error: unexpected 'bounce': expected speed, depth, dwell, return or name=NAME") })
        let plain = try ForcePadProcess.run([], lines: ["stand"])
        #expect(plain.outputLines.contains("error: this board has no test stand: add a [stand] section to its board file (docs/test-stand.md)"))
    }

    @Test func aFingerOnTopOfThePlungerTripsTheForceLimitWithOneLine() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path],
            lines: ["stand home", "stand move 2.5mm at 300mm/min", "sim press 1200g", "wait 300ms", "stand"])
        let stops = LabTests.objects(result.outputLines).filter { $0["event"] as? String == "stand.stopped" }
        let limit = stops.filter { $0["reason"] as? String == "force-limit" }
        #expect(limit.count == 1, "\(stops)")
        #expect(limit.first?["fault"] as? Bool == true)
        #expect(LabTests.answers(result, to: "stand").last?["last_stop"] as? String == "force-limit")
    }

    @Test func anInstrumentResetStopsTheStandAndItsTrial() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path],
            lines: ["stand home", "trial start 50 stand speed 600mm/min depth 4.2mm return 1.8mm name=reset", "wait 1s", "*RST", "wait 100ms", "stand"])
        #expect(LabTests.answers(result, to: "*RST").first?["stopped_recording"] as? String == "reset")
        let stops = LabTests.objects(result.outputLines).filter { $0["event"] as? String == "stand.stopped" }
        #expect(stops.first?["reason"] as? String == "requested", "\(stops)")
        #expect(LabTests.answers(result, to: "stand").last?["last_stop"] as? String == "requested")
    }

    @Test func sigtermDuringAStandTrialStopsTheStandFirst() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path],
            input: Data("stand home\ntrial start 50 stand speed 300mm/min depth 4mm return 1.5mm name=cut\n".utf8), signal: (SIGTERM, 2.5))
        #expect(result.status == 0, "\(result.standardError)")
        let stops = LabTests.objects(result.outputLines).filter { $0["event"] as? String == "stand.stopped" }
        #expect(stops.first?["reason"] as? String == "shutdown", "\(stops)")
        #expect(stops.first?["fault"] as? Bool == false)
    }

    @Test func aStandStoppedMidTrialEndsTheTrialIncomplete() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path],
            lines: [
                "stand home", "trial start 50 stand speed 600mm/min depth 4.2mm return 1.8mm name=halted", "wait 1500ms", "stand stop",
                "trial wait 10s", "trial report",
            ])
        let waited = try #require(LabTests.answers(result, to: "trial").dropFirst().first)
        #expect(waited["ended"] as? Bool == true, "\(waited)")
        let report = try #require(LabTests.answers(result, to: "trial").last)
        let reasons = report["incomplete_because"] as? [String] ?? []
        #expect(reasons.contains { $0.hasPrefix("stopped by stand stopped (requested)") }, "\(reasons)")
    }

    @Test func withoutAReferenceAnESM303sGaugeGivesTheCurves() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        var text = try String(contentsOfFile: Self.board, encoding: .utf8)
        let reference = try #require(text.range(of: "[reference]")), stand = try #require(text.range(of: "# The test stand"))
        text.removeSubrange(reference.lowerBound..<stand.lowerBound)
        text = text.replacing("model = \"gcode\"", with: "model = \"esm303\"")
        let board = scratch.directory.appendingPathComponent("esm303-stand.toml").path
        try text.write(toFile: board, atomically: true, encoding: .utf8)
        let result = try ForcePadProcess.run(
            ["--board", board, "--json", "--state-dir", scratch.state.path],
            // Twenty presses: a machine that misses periods in bursts leaves some out, and the
            // curves need one judged.
            lines: ["stand home", "trial start 20 stand speed 600mm/min depth 4.2mm return 1.8mm name=gauge", "trial wait 60s", "trial report"])
        #expect(LabTests.answers(result, to: "stand").first?["model"] as? String == "esm303")
        let report = try #require(LabTests.answers(result, to: "trial").last)
        let travel = try #require(report["travel"] as? [String: Any], "\(report)")
        let peek = try #require(travel["peek_mm"] as? [String: Any])
        #expect(abs((peek["mean"] as? Double ?? 0) - 2.8) < 0.1, "\(travel)")
        let samples = LabTests.objects(try scratch.text("recordings/gauge/events.jsonl").split(separator: "\n").map(String.init))
            .filter { $0["event"] as? String == "stand.sample" }
        #expect(!samples.isEmpty && samples.allSatisfy { $0["force_g"] is Double })
    }

    @Test func aStandTrialKilledMidwayKeepsEveryPressItFinished() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        let killed = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path],
            input: Data("stand home\ntrial start 50 stand speed 600mm/min depth 4.2mm return 1.8mm name=long\n".utf8), signal: (SIGKILL, 5))
        let finished = LabTests.objects(killed.outputLines).filter { $0["event"] as? String == "press.released" }.count
        #expect(finished >= 2, "\(killed.standardOutput)")
        let after = try ForcePadProcess.run(
            ["--board", Self.board, "--json", "--state-dir", scratch.state.path], lines: ["trial report long"])
        let report = try #require(LabTests.answers(after, to: "trial").last)
        let counted = (report["judged_presses"] as? Int ?? 0) + (report["excluded_presses"] as? [Any] ?? []).count
        // The press under way when it was killed may be cut short; every one before it is kept.
        #expect(counted >= finished - 1 && counted <= finished + 1, "\(counted) of \(finished): \(report)")
        #expect(report["travel"] is [String: Any])
    }

    @Test func aHundredPressStandTrialGivesAVerdictTravelAndReplaysIdentically() throws {
        let scratch = try LabTests.Scratch()
        defer { scratch.remove() }
        // A loaded machine's lost loop periods leave presses out of the verdict (a virtual
        // machine whose host takes its CPU for milliseconds at a time, most of them): ten judged
        // is enough here.
        let config = try scratch.config("""
            [trials]
            cancel_rate = 0
            judged_presses_min = 10
            [trials.peek]
            tolerance = "20g"
            [trials.pop]
            tolerance = "20g"
            """)
        let lines = [
            "stand home", "trial start 100 stand speed 600mm/min depth 4.2mm return 1.8mm name=stand100", "trial wait 600s",
            "trial report", "record export stand100", "report stand100", "replay stand100",
        ]
        let result = try ForcePadProcess.run(
            ["--board", Self.board, "--config", config, "--json", "--state-dir", scratch.state.path],
            input: Data(lines.map { $0 + "\n" }.joined().utf8), timeout: 900)
        let started = try #require(LabTests.answers(result, to: "trial").first)
        #expect(started["ok"] as? Bool == true, "\(started)")
        #expect(started["stand"] as? Bool == true)
        let report = try #require(LabTests.answers(result, to: "trial").last)
        #expect(report["ok"] as? Bool == true, "\(report)")
        #expect(report["verdict"] as? String == "PASS", "\(report["verdict"] ?? "none") \(report["incomplete_because"] ?? "")")
        let drift = try #require(report["drift"] as? [[String: Any]])
        #expect(drift.first?["first_press"] as? Int ?? 0 < drift.last?["last_press"] as? Int ?? 0)
        for bin in drift {
            #expect(abs((bin["peek_travel_mm"] as? Double ?? 0) - 2.8) < 0.1, "\(bin)")
        }
        let summary = try #require(report["travel"] as? [String: Any])
        let peekTravel = try #require(summary["peek_mm"] as? [String: Any])
        #expect(abs((peekTravel["mean"] as? Double ?? 0) - 2.8) < 0.1, "\(summary)")
        let sealed = try #require(try JSONSerialization.jsonObject(with: Data(scratch.text("reports/stand100.json").utf8)) as? [String: Any])
        let presses = try #require(sealed["presses"] as? [[String: Any]], "\(sealed.keys)")
        #expect(presses.count == 100)
        let judged = presses.filter { $0["excluded"] as? Bool == false }
        // A loaded machine's lost loop periods leave some presses out of the verdict; the rest are judged.
        #expect(judged.count >= 10)
        // The drift table cuts the judged presses into ten bins (fewer only with fewer presses).
        #expect(drift.count == min(10, judged.count))
        for press in judged {
            let travel = try #require(press["travel"] as? [String: Any])
            // The spring meets the pad at 2 mm: 150 g at 2.75 mm, the snap at 2.8 mm (160 g falling to 130 g), 300 g at 3.8 mm.
            let peek = try #require(travel["peek_mm"] as? Double)
            let pop = try #require(travel["pop_mm"] as? Double)
            #expect(peek > 2.7 && peek < 2.9, "\(travel)")
            #expect(pop > 3.75 && pop < 3.95, "\(travel)")
            #expect(abs((travel["peak_force_g"] as? Double ?? 0) - 160) < 8, "\(travel)")
            #expect(abs((travel["return_force_g"] as? Double ?? 0) - 130) < 8, "\(travel)")
            #expect(abs((travel["click_ratio"] as? Double ?? 0) - 0.19) < 0.06, "\(travel)")
            #expect(abs(travel["hysteresis_g"] as? Double ?? 99) < 5, "\(travel)")
        }
        let curves = try scratch.text("reports/stand100.force-travel.csv").split(separator: "\n")
        #expect(curves.first == "press,stroke,t_us,travel_mm,force_g")
        #expect(Set(curves.dropFirst().map { $0.split(separator: ",")[0] }).count == 100)
        let plot = try scratch.text("reports/stand100.force-travel.svg")
        #expect(plot.components(separatedBy: "class=\"down\"").count - 1 == 100)
        // The drift panels: every judged press's figure, and the drift table's ten bins as dots.
        #expect(plot.components(separatedBy: "class=\"drift-bin\" data-figure=\"peek_force_g\"").count - 1 == drift.count)
        #expect(plot.contains("class=\"drift\" data-figure=\"peek_travel_mm\""))
        let replay = try #require(LabTests.answers(result, to: "replay").last)
        #expect(replay["identical"] as? Bool == true, "\(replay)")
    }
}
