import ForcePadCore

/// Holds a non-copyable stand so the stand's thread can drive it; only that thread calls it,
/// except ``StandDriver/shutdown()``'s last stop once that thread has returned.
final class StandBox<Stand: StandProtocol & ~Copyable>: StandCalls, @unchecked Sendable {
    private var stand: Stand
    private let clock = MonotonicClock()

    init(_ stand: consuming Stand) { self.stand = stand }

    func connect() throws(DeviceError) { try stand.connect(clock: clock) }
    func home() throws(DeviceError) { try stand.home(clock: clock) }
    func status(deadlineMicros: Int64) throws(DeviceError) -> StandStatus? { try stand.status(deadlineMicros: deadlineMicros, clock: clock) }
    func move(toTravel travel: Int64, speed: Int64, from: Int64) throws(DeviceError) {
        try stand.move(toTravel: travel, speed: speed, from: from, clock: clock)
    }
    func gaugeForce(deadlineMicros: Int64) throws(DeviceError) -> Force? { try stand.gaugeForce(deadlineMicros: deadlineMicros, clock: clock) }
    func stopQuietly() { try? stand.stop(clock: clock) }
}
