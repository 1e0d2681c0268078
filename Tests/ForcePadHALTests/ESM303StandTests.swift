import ForcePadCore
import Testing

@testable import ForcePadHAL

/// The ESM303's questions against a scripted stand on a pseudo-terminal: the three questions
/// of a status, a late answer passed by, and a line no question explains refused with the fix.
@Suite struct ESM303StandTests {
    static let stand = StandDescription(
        model: .esm303, device: "/dev/null", baud: 115_200, maxSpeed: 300_000, travelLimits: 0...20_000,
        forceLimit: .grams(1_000), commandPeriodMicros: 100_000)

    private func reply(_ text: String) -> ScriptedGauge.Reply { ScriptedGauge.Reply(chunks: [text]) }

    @Test func aLateAnswerIsPassedByAndTheStatusIsRead() throws {
        let terminal = try PseudoTerminal()
        var stand = try ESM303Stand(description: Self.stand, devicePath: terminal.subordinatePath)
        // The gauge's answer to the last period's `?` comes late, just before the answer to `p`.
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor,
            replies: [reply("12.5 gF\r\nD,L\r\n"), reply("1.25\r\n"), reply("40.5 gF\r\n")])
        let clock = MonotonicClock()
        let status = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(status == StandStatus(state: .moving, travel: 1_250))
        #expect(try stand.gaugeForce(deadlineMicros: 0, clock: clock) == Force(milligrams: 40_500))
        #expect(far.finish() == ["p\r", "x\r", "?\r"])
    }

    @Test func aLineNoQuestionExplainsIsRefusedWithTheFix() throws {
        let terminal = try PseudoTerminal()
        var stand = try ESM303Stand(description: Self.stand, devicePath: terminal.subordinatePath)
        let far = try ScriptedGauge(controllerDescriptor: terminal.controllerDescriptor, replies: [reply("@#!\r\n")])
        let clock = MonotonicClock()
        let error = #expect(throws: DeviceError.self) { try stand.status(deadlineMicros: clock.nowMicros() + 200_000, clock: clock) }
        #expect(error?.hint == "unreadable answer \"@#!\" to p: check the baud rate and that the stand is in PC control")
        _ = far.finish()
    }

    @Test func anOverloadedGaugeIsTheStandsAlarm() throws {
        let terminal = try PseudoTerminal()
        var stand = try ESM303Stand(description: Self.stand, devicePath: terminal.subordinatePath)
        let far = try ScriptedGauge(
            controllerDescriptor: terminal.controllerDescriptor, replies: [reply("S,L\r\n"), reply("3.00\r\n"), reply("OVER\r\n")])
        let clock = MonotonicClock()
        let status = try stand.status(deadlineMicros: clock.nowMicros() + 1_000_000, clock: clock)
        #expect(status?.state == .alarm)
        #expect(status?.alarm == "gauge overload \"OVER\"")
        _ = far.finish()
    }
}
