/// A simulated haptic actuator's physics, in the parameters its datasheet gives.
public enum SimulatedActuatorKind: Sendable, Equatable {
    /// An eccentric rotating mass: its speed follows the drive with the motor's first-order
    /// spin-up time constant (µs), and coasts down with `coastMicros` when the drive stops
    /// without braking; its amplitude grows with the speed squared, and it vibrates at
    /// `ratedHz` at rated speed, slower while it spins up.
    case erm(spinUpMicros: Int64, coastMicros: Int64, ratedHz: Int32)
    /// A linear resonant actuator driven at its resonance `resonanceHz` with quality factor
    /// `quality`: its amplitude follows the drive with the resonator's time constant
    /// Q / (π f0), both as it rises and as it rings down.
    case lra(resonanceHz: Int32, quality: Int32)
}
