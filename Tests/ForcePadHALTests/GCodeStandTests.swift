import ForcePadCore
import Glibc
import Testing

@testable import ForcePadHAL

/// A G-code controller's status reports against a scripted controller on a pseudo-terminal:
/// its reports carry no tag, so one that answers an earlier `?` after that period's deadline
/// must not be taken for the answer to the next.
@Suite struct GCodeStandTests {
    static let stand = StandDescription(
        model: .gcode, device: "/dev/null", baud: 115_200, maxSpeed: 600_000, travelLimits: 0...20_000,
        forceLimit: .grams(1_000), commandPeriodMicros: 20_000)

    /// A report of the Z axis running at `travel` mm from home.
    static func report(_ travel: String) -> ScriptedGauge.Reply {
        ScriptedGauge.Reply(chunks: ["<Run|MPos:0.000,0.000,-\(travel)|FS:600,0>\r\n"])
    }

    @Test func aReportThatCameAfterItsDeadlineIsNotTakenForTheNextOne() throws {
        let terminal = try PseudoTerminal()
        var stand = try GCodeStand(description: Self.stand, devicePath: terminal.subordinatePath)
        var late = Self.report("1.000")
        late.delayMillis = 150
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [late, Self.report("2.000")], requestEnd: UInt8(ascii: "?"))
        let clock = MonotonicClock()
        #expect(try stand.status(deadlineMicros: clock.nowMicros() + 50_000, clock: clock) == nil)
        usleep(250_000)
        // Each late report taken for the next answer would leave the travel a period behind for
        // the rest of the run (a 1000-press run drifted by 1 mm).
        let status = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(status == StandStatus(state: .moving, travel: 2_000))
        #expect(far.finish() == ["?", "?"])
    }

    /// The late report may still be on its way when the next `?` is asked (nothing waits yet):
    /// it then comes first after that `?`, and is still not taken for its answer. A `?` is
    /// answered by one report, in order, so the reports of earlier `?`s come first; under load
    /// this left a press's travel a period behind mid-stroke (a 100-press trial's curves broke).
    @Test func aLateReportArrivingAfterTheNextQuestionIsNotTakenForItsAnswer() throws {
        let terminal = try PseudoTerminal()
        var stand = try GCodeStand(description: Self.stand, devicePath: terminal.subordinatePath)
        var late = Self.report("1.000")
        late.delayMillis = 150
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [late, Self.report("2.000")], requestEnd: UInt8(ascii: "?"))
        let clock = MonotonicClock()
        #expect(try stand.status(deadlineMicros: clock.nowMicros() + 50_000, clock: clock) == nil)
        let status = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(status == StandStatus(state: .moving, travel: 2_000))
        #expect(far.finish() == ["?", "?"])
    }

    /// A report that never comes (lost on the line) is forgotten once older than the stand's
    /// silence limit: the next answers are taken for theirs again, not for late ones forever.
    @Test func aLostReportIsForgottenAfterTheSilenceLimit() throws {
        let terminal = try PseudoTerminal()
        var stand = try GCodeStand(description: Self.stand, devicePath: terminal.subordinatePath)
        let lost = ScriptedGauge.Reply(chunks: [])
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [lost, Self.report("2.000")], requestEnd: UInt8(ascii: "?"))
        let clock = MonotonicClock()
        #expect(try stand.status(deadlineMicros: clock.nowMicros() + 50_000, clock: clock) == nil)
        usleep(UInt32(Self.stand.silenceLimitMicros) + 50_000)
        let status = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(status == StandStatus(state: .moving, travel: 2_000))
        _ = far.finish()
    }

    /// On a busy machine every answer may come after its deadline: each then says the stand is
    /// alive (it is not taken for silent) with what it did, marked late, one period behind at
    /// most, and gives no travel sample.
    @Test func whenTheAnswerIsLateTooTheEarlierLateReportIsGivenMarkedLate() throws {
        let terminal = try PseudoTerminal()
        var stand = try GCodeStand(description: Self.stand, devicePath: terminal.subordinatePath)
        var first = Self.report("1.000")
        first.delayMillis = 150
        var second = Self.report("2.000")
        second.delayMillis = 150
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [first, second, Self.report("3.000")],
            requestEnd: UInt8(ascii: "?"))
        let clock = MonotonicClock()
        #expect(try stand.status(deadlineMicros: clock.nowMicros() + 50_000, clock: clock) == nil)
        usleep(250_000)
        let late = try stand.status(deadlineMicros: clock.nowMicros() + 50_000, clock: clock)
        #expect(late == StandStatus(state: .moving, travel: 1_000, isLate: true))
        usleep(250_000)
        let timely = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(timely == StandStatus(state: .moving, travel: 3_000))
        #expect(far.finish() == ["?", "?", "?"])
    }

    @Test func anAlarmThatCameLateIsStillTheStandsAlarm() throws {
        let terminal = try PseudoTerminal()
        var stand = try GCodeStand(description: Self.stand, devicePath: terminal.subordinatePath)
        let alarm = ScriptedGauge.Reply(delayMillis: 150, chunks: ["ALARM:1\r\n"])
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [alarm, Self.report("2.000")], requestEnd: UInt8(ascii: "?"))
        let clock = MonotonicClock()
        #expect(try stand.status(deadlineMicros: clock.nowMicros() + 50_000, clock: clock) == nil)
        usleep(250_000)
        let status = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(status?.state == .alarm && status?.alarm == "ALARM:1")
        _ = far.finish()
    }
}
