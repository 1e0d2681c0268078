import ForcePadCore
import ForcePadHAL

/// The `[stand]` check of `forcepad probe`: the stand's port opens, the stand is set up and
/// answers its status question within five command periods (its state and travel, and an
/// ESM303's gauge reading). Nothing moves. The sim board's stand is simulated: skipped.
struct StandProbe {
    let stand: StandDescription

    func run() -> ProbeCheck {
        let subject = "stand \(stand.model.rawValue)"
        guard let device = stand.device else { return .skipped(subject, "simulated stand: no device to check") }
        do throws(DeviceError) {
            switch stand.model {
            case .esm303: return try Self.ask(try ESM303Stand(description: stand, devicePath: device), subject: subject, stand: stand)
            case .gcode: return try Self.ask(try GCodeStand(description: stand, devicePath: device), subject: subject, stand: stand)
            }
        } catch {
            return .fail(subject, error.description)
        }
    }

    /// Sets `protocolStand` up and asks its status once.
    private static func ask<Stand: StandProtocol & ~Copyable>(
        _ protocolStand: consuming Stand, subject: String, stand: StandDescription
    ) throws(DeviceError) -> ProbeCheck {
        var protocolStand = protocolStand
        let clock = MonotonicClock()
        try protocolStand.connect(clock: clock)
        let deadline = clock.nowMicros() + 5 * stand.commandPeriodMicros
        guard let status = try protocolStand.status(deadlineMicros: deadline, clock: clock) else {
            return .fail(
                subject,
                "\(protocolStand.name) gave no answer within \(5 * stand.commandPeriodMicros / 1000) ms: check the cable, the baud rate"
                    + " and that the stand is in PC control (docs/test-stand.md)")
        }
        let travel = status.travel.map { ", travel \(StandTravelText.readable($0)) (not yet homed)" } ?? ""
        let gauge = try protocolStand.gaugeForce(deadlineMicros: deadline, clock: clock).map { ", gauge \($0)" } ?? ""
        let alarm = status.alarm.map { ": \($0); clear it at the stand, then stand home" } ?? ""
        let detail = "\(protocolStand.name) answered: \(status.state.rawValue)\(travel)\(gauge)\(alarm)"
        return status.state == .alarm ? .fail(subject, detail) : .pass(subject, detail)
    }
}
