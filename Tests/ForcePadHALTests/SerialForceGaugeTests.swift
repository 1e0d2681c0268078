import ForcePadCore
import Glibc
import Testing

@testable import ForcePadHAL

/// The serial gauge source against a scripted gauge on a pseudo-terminal: requests, every
/// unit, partial lines and line endings, garbage, slow and silent gauges, stamps and the
/// answer delay.
@Suite struct SerialForceGaugeTests {
    private func gauge(
        _ terminal: borrowing PseudoTerminal, model: ForceGaugeModel = .mark10, rateHz: Int = 10
    ) throws -> SerialForceGauge {
        try SerialForceGauge(
            description: ForceGaugeDescription(model: model, device: terminal.subordinatePath, baud: 9600, rateHz: rateHz))
    }

    private func replies(_ lines: [String]) -> [ScriptedGauge.Reply?] {
        lines.map { ScriptedGauge.Reply(chunks: [$0]) }
    }

    @Test func aMark10IsAskedWithAQuestionMarkAndEveryUnitIsRead() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal)
        let lines = ["12.34 lbF\r\n", "4.285 N\r\n", "-1.5 kgF\r\n", "150 gF\r\n", "2 ozF\r\n", "0.5 kN\r\n", "250 mN\r\n"]
        let far = try ScriptedGauge(controllerDescriptor: terminal.controllerDescriptor, replies: replies(lines))
        let clock = MonotonicClock()
        var milligrams: [Int32] = []
        for _ in lines { milligrams.append(try source.read(clock: clock).force.milligrams) }
        #expect(milligrams == [5_597_330, 436_948, -1_500_000, 150_000, 56_699, 50_985_811, 25_493])
        #expect(far.finish() == Array(repeating: "?\r", count: lines.count))
        #expect(source.name == "mark10 gauge on \(terminal.subordinatePath) at 9600 baud")
    }

    @Test func anImadaIsAskedWithDAndItsSignedAnswerRead() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal, model: .imada)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: replies(["+012.34N\r", "-000.50N\r"]))
        let clock = MonotonicClock()
        #expect(try source.read(clock: clock).force.milligrams == 1_258_330)
        #expect(try source.read(clock: clock).force.milligrams == -50_986)
        #expect(far.finish() == ["D\r", "D\r"])
    }

    @Test func partialLinesAndEveryLineEndingAreRead() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor,
            replies: [
                ScriptedGauge.Reply(chunks: ["12.", "3", "4 lb", "F\r\n"], gapMillis: 20),
                ScriptedGauge.Reply(chunks: ["1 N\r"]),
                ScriptedGauge.Reply(chunks: ["2 N\n"]),
                ScriptedGauge.Reply(chunks: ["\n3 N\r\n"]),
                ScriptedGauge.Reply(chunks: ["4 N\r", "\n"], gapMillis: 5),
                ScriptedGauge.Reply(chunks: ["5 N\r\n"]),
            ])
        let clock = MonotonicClock()
        var grams: [Int32] = []
        for _ in 0..<6 { grams.append(try source.read(clock: clock).force.milligrams) }
        #expect(grams == [5_597_330, 101_972, 203_943, 305_915, 407_886, 509_858])
        _ = far.finish()
    }

    @Test func garbageIsAnErrorQuotingTheLineAndTheNextAnswerIsRead() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: replies(["abc\r\n", "*10\r\n", "1 gF\r\n"]))
        let clock = MonotonicClock()
        let garbage = #expect(throws: DeviceError.self) { _ = try source.read(clock: clock) }
        #expect(
            garbage?.description
                == "read the mark10 gauge on \(terminal.subordinatePath) at 9600 baud failed: the gauge answered"
                + " \"abc\", not a force with its unit (e.g. \"12.34 lbF\"): check the baud rate in [reference]"
                + " against the gauge's setting")
        let code = #expect(throws: DeviceError.self) { _ = try source.read(clock: clock) }
        #expect(code?.description.contains("the gauge answered \"*10\", an error code") == true)
        #expect(try source.read(clock: clock).force == .grams(1))
        _ = far.finish()
    }

    @Test func aSlowGaugeIsReadAndItsDelayMeasuredAndStampedAtTheMiddle() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal, rateHz: 2)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor,
            replies: [ScriptedGauge.Reply(delayMillis: 150, chunks: ["7 gF\r\n"])])
        let clock = MonotonicClock()
        let before = clock.nowMicros()
        let sample = try source.read(clock: clock)
        let after = clock.nowMicros()
        #expect(sample.force == .grams(7))
        #expect(source.answerDelay.count == 1)
        #expect(source.answerDelay.minMicros >= 150_000)
        #expect(source.answerDelay.maxMicros <= after - before)
        #expect(abs(sample.timeMicros - (before + (after - before) / 2)) <= 5_000)
        _ = far.finish()
    }

    @Test func aSilentGaugeTimesOutWithinTwoPeriods() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal, rateHz: 10)
        let far = try ScriptedGauge(controllerDescriptor: terminal.controllerDescriptor, replies: [nil])
        let clock = MonotonicClock()
        let before = clock.nowMicros()
        let error = #expect(throws: DeviceError.self) { _ = try source.read(clock: clock) }
        let waited = clock.nowMicros() - before
        #expect(
            error?.description
                == "read the mark10 gauge on \(terminal.subordinatePath) at 9600 baud failed: no answer within 200 ms"
                + " (two periods at 10 Hz): check the cable, the baud rate and that the gauge is on, or lower rate_hz")
        #expect(waited >= 200_000)
        #expect(waited < 260_000)
        #expect(source.answerDelay.count == 0)
        _ = far.finish()
    }

    @Test func aHalfAnswerThatStopsIsQuotedInTheTimeout() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal, rateHz: 10)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [ScriptedGauge.Reply(chunks: ["12.3"])])
        let error = #expect(throws: DeviceError.self) { _ = try source.read(clock: MonotonicClock()) }
        #expect(error?.description.contains("no answer within 200 ms (two periods at 10 Hz), only \"12.3\": ") == true)
        _ = far.finish()
    }

    @Test func aLateAnswerIsDroppedBeforeTheNextRequest() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal, rateHz: 10)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor,
            replies: [ScriptedGauge.Reply(delayMillis: 250, chunks: ["99 gF\r\n"]), ScriptedGauge.Reply(chunks: ["3 gF\r\n"])])
        let clock = MonotonicClock()
        #expect(throws: DeviceError.self) { _ = try source.read(clock: clock) }
        usleep(100_000)
        #expect(try source.read(clock: clock).force == .grams(3))
        _ = far.finish()
    }

    @Test func tareSubtractsTheUnloadedReading() throws {
        let terminal = try PseudoTerminal()
        var source = try gauge(terminal)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor,
            replies: replies(["0.2 gF\r\n", "0.4 gF\r\n", "150.3 gF\r\n"]))
        let clock = MonotonicClock()
        try source.tare(readings: 2, clock: clock)
        #expect(source.zeroOffset == Force(milligrams: 300))
        #expect(try source.read(clock: clock).force == .grams(150))
        _ = far.finish()
    }

    @Test func aRateOutOfRangeIsRefused() throws {
        let terminal = try PseudoTerminal()
        let error = #expect(throws: DeviceError.self) { _ = try gauge(terminal, rateHz: 0) }
        #expect(
            error?.description
                == "set up the mark10 gauge on \(terminal.subordinatePath) failed: rate_hz 0 is out of range: use 1 to 50")
    }
}
