import ForcePadCore

/// The output that drives the haptic actuator. `setActive(true)` turns the actuator on,
/// whatever the line's electrical active level (the implementation handles active-low).
/// Implementations must be cheap and non-blocking: the loop calls this once per edge.
public protocol HapticLine: ~Copyable {
    mutating func setActive(_ active: Bool) throws(DeviceError)
}
