import ForcePadHAL
import Foundation
import Glibc
import Testing

/// The sim pad with a real serial gauge as its `[reference]`: a Mark-10 stand-in on a
/// pseudo-terminal is tared at start and its readings reach `reference_g` in force and in
/// the stage events; a gauge that falls silent while running is reported once as
/// `reference.lost` and the pad goes on; a gauge that does not answer fails the start in one line.
@Suite struct GaugeReferenceTests {
    /// Answers each Mark-10 request (`?` CR) on `controller` with `zero` for the first
    /// `zeroAnswers` requests (the tare), `loaded` after them, and falls silent after
    /// `answers` in all; returns after 3 s without a request.
    static func answer(
        on controller: Int32, zeroAnswers: Int, zero: String, loaded: String, answers: Int = .max
    ) -> Thread {
        let thread = Thread {
            var answered = 0
            var byte: UInt8 = 0
            while true {
                var watch = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&watch, 1, 3_000) == 1, read(controller, &byte, 1) == 1 else { return }
                guard byte == 0x0D, answered < answers else { continue }
                let line = Array(((answered < zeroAnswers ? zero : loaded) + "\r\n").utf8)
                answered += 1
                _ = line.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
            }
        }
        thread.start()
        return thread
    }

    /// boards/sim.toml with its simulated reference replaced by `reference`.
    static func board(reference: String) throws -> String {
        try ReferenceProbeTests.board("[reference]\n" + reference)
    }

    @Test func aTaredGaugeReachesForceAndTheStageEvents() throws {
        let terminal = try PseudoTerminal()
        // 50 Hz: the tare averages 12 answers of 0.0 kgF, then the gauge reads 0.2 kgF.
        _ = Self.answer(on: terminal.controllerDescriptor, zeroAnswers: 12, zero: "0.000 kgF", loaded: "0.200 kgF")
        let board = try Self.board(reference: "model = \"mark10\"\ndevice = \"\(terminal.subordinatePath)\"\nbaud = 9600\nrate_hz = 50")
        defer { try? FileManager.default.removeItem(atPath: board) }
        // The press waits until the gauge has been reading for a while (15 of its periods): a
        // stage that fires before the first reading after the tare has no reference, and on a
        // busy machine that first reading came after a press made at once.
        let result = try ForcePadProcess.run(
            ["--board", board, "--json"],
            lines: ["wait 300ms", "sim press 320g", "wait 300ms", "force", "sim release", "wait 100ms", "quit"])
        #expect(result.status == 0)
        let objects = ReferenceForceTests.objects(result)
        let force = try #require(objects.first { $0["cmd"] as? String == "force" })
        #expect(force["reference_g"] as? Double == 200)
        let stages = objects.filter { ["press.peek", "press.pop"].contains($0["event"] as? String) }
        #expect(stages.map { $0["event"] as? String } == ["press.peek", "press.pop"])
        #expect(stages.allSatisfy { $0["reference_g"] as? Double == 200 }, "\(stages)")
        #expect(!result.standardOutput.contains("reference.lost"))
    }

    @Test func aGaugeThatFallsSilentIsReportedOnceAndThePadGoesOn() throws {
        let terminal = try PseudoTerminal()
        // 50 Hz: the tare's 12 answers, a tenth of a second of readings, then silence.
        _ = Self.answer(on: terminal.controllerDescriptor, zeroAnswers: 12, zero: "0.000 kgF", loaded: "0.100 kgF", answers: 17)
        let board = try Self.board(reference: "model = \"mark10\"\ndevice = \"\(terminal.subordinatePath)\"\nbaud = 9600\nrate_hz = 50")
        defer { try? FileManager.default.removeItem(atPath: board) }
        let result = try ForcePadProcess.run(
            ["--board", board, "--json"], lines: ["wait 300ms", "sim press 320g", "wait 300ms", "force", "quit"])
        #expect(result.status == 0)
        let objects = ReferenceForceTests.objects(result)
        let lost = objects.filter { $0["event"] as? String == "reference.lost" }
        #expect(lost.count == 1)
        #expect((lost.first?["error"] as? String)?.contains("no answer within 40 ms (two periods at 50 Hz)") == true)
        #expect(objects.contains { $0["event"] as? String == "press.pop" })
        let force = try #require(objects.first { $0["cmd"] as? String == "force" })
        #expect((force["total_g"] as? Double ?? 0) > 300)
    }

    @Test func aSilentGaugeFailsTheStartInOneLine() throws {
        let terminal = try PseudoTerminal()
        let board = try Self.board(reference: "model = \"imada\"\ndevice = \"\(terminal.subordinatePath)\"\nbaud = 9600\nrate_hz = 10")
        defer { try? FileManager.default.removeItem(atPath: board) }
        let result = try ForcePadProcess.run(["--board", board], lines: ["quit"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(
            "reference sensor: read the imada gauge on \(terminal.subordinatePath) at 9600 baud failed: no answer within 200 ms") == true)
    }
}
