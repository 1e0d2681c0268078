import ForcePadCore

/// Where raw frames come from: the converters of a real board, or the simulated pad.
/// `read` is called once per loop period on the loop thread; it must not allocate or
/// lock, and on success fills `frame.counts[0..<cellCount]` and `frame.isStale`.
public protocol FrameSource: ~Copyable {
    /// Number of cells a frame holds.
    var cellCount: Int { get }
    /// Reads one frame taken at `timeMicros` (loop clock, µs since start).
    mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError)
    /// Applies a simulation command; returns false when this source is not simulated.
    mutating func apply(_ command: SimulationCommand, at timeMicros: Int64) -> Bool
    /// Makes the device usable again after it was lost (e.g. reopens its bus); called by the
    /// loop before each probe while the sensor is lost. Sources that cannot be lost do nothing.
    mutating func reconnect() throws(DeviceError)
    /// Lets go of the device while it is lost (e.g. closes its bus), when it is lost and after
    /// each failed probe.
    mutating func disconnect()
}

extension FrameSource where Self: ~Copyable {
    public mutating func apply(_ command: SimulationCommand, at timeMicros: Int64) -> Bool { false }
    public mutating func reconnect() throws(DeviceError) {}
    public mutating func disconnect() {}
}
