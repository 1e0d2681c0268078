import ForcePadCore
import ForcePadHAL
import Testing

@testable import ForcePadApp

/// `forcepad probe`'s stand check against the simulated stand on a pseudo-terminal: a stand
/// that answers passes with its state and travel, a silent one fails with what to check.
@Suite(.serialized) struct StandProbeTests {
    private func probe(_ model: StandModel, fault: SimulatedStandFault = .none) throws -> ProbeCheck {
        let server = try SimulatedStandServer(model: model, settings: .standard)
        server.fault = fault
        try server.start()
        defer { server.stop() }
        let stand = StandDescription(
            model: model, device: server.devicePath, baud: 115_200, maxSpeed: 300_000, travelLimits: 0...20_000,
            forceLimit: .grams(1_000), commandPeriodMicros: 20_000)
        return StandProbe(stand: stand).run()
    }

    @Test func anESM303AnswersWithItsStateTravelAndGauge() throws {
        let check = try probe(.esm303)
        #expect(check.outcome == .pass, "\(check.detail)")
        #expect(check.detail.contains("answered: idle, travel 1mm (not yet homed), gauge 0g"), "\(check.detail)")
    }

    @Test func aGCodeStageAnswersWithItsState() throws {
        let check = try probe(.gcode)
        #expect(check.outcome == .pass, "\(check.detail)")
        #expect(check.detail.contains("answered: idle, travel 1mm"), "\(check.detail)")
    }

    @Test func aSilentStandFailsWithWhatToCheck() throws {
        let check = try probe(.gcode, fault: .silent)
        #expect(check.outcome == .fail)
        #expect(check.detail.contains("gave no answer within 100 ms: check the cable, the baud rate"), "\(check.detail)")
    }
}
