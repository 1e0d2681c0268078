import ForcePadCore

/// One stand protocol behind the operations ForcePad needs: set up, home, ask where the
/// crosshead is, move it at a speed to a travel, read the stand's own gauge, stop. Each call
/// waits for at most one command period; only the stand's thread (``StandDriver``) calls them.
public protocol StandProtocol: ~Copyable {
    /// The stand and its port for messages, e.g. `Mark-10 ESM303 on /dev/ttyUSB1`.
    var name: String { get }
    /// Puts the stand in the state the other calls expect (units, modes).
    mutating func connect(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError)
    /// Starts the crosshead towards home (the top of its stroke), where travel is zero.
    mutating func home(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError)
    /// Asks what the crosshead is doing and where it is; nil when no answer came before
    /// `deadlineMicros` on `clock`.
    mutating func status(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> StandStatus?
    /// Starts a move to `travel` (µm from home) at `speed` (µm/min) from `from` (µm, where
    /// the crosshead is now).
    mutating func move(toTravel travel: Int64, speed: Int64, from: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError)
    /// The stand's own gauge reading, nil for a stand without one or no answer before `deadlineMicros`.
    mutating func gaugeForce(deadlineMicros: Int64, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> Force?
    /// Stops the crosshead at once (the first byte written is the stop).
    mutating func stop(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError)
}
