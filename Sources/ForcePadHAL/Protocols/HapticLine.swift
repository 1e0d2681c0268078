import ForcePadCore

/// The output that drives the haptic actuator. `setActive(true)` turns the actuator on,
/// whatever the line's electrical active level (the implementation handles active-low).
/// Implementations must be cheap and non-blocking: the loop calls this once per edge.
public protocol HapticLine: ~Copyable {
    mutating func setActive(_ active: Bool) throws(DeviceError)
    /// Drives the actuator at `amplitude` (0 still … 255 full) by real-time playback, for
    /// outputs that have it (``DRV2605LRealTimeLine``); the loop calls it only when the value
    /// changes, at most once a period. A line without it does nothing.
    mutating func setAmplitude(_ amplitude: UInt8) throws(DeviceError)
}

extension HapticLine where Self: ~Copyable {
    public mutating func setAmplitude(_ amplitude: UInt8) throws(DeviceError) {}
}
