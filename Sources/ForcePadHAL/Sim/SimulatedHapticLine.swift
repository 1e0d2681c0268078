/// The haptic line of the `sim` board. What a real line would do is what the haptic scheduler
/// reports (its state in `status`, `haptic.on`/`haptic.off` events); with a simulated
/// accelerometer on the board (`[accelerometer]`) each edge also reaches the simulated
/// actuator through `actuator` (the loop calls ``setActive(_:)`` at edges only, and once more
/// to drive the line off at a stop, which the actuator takes as no change).
///
/// The input is held as a reference and a flag rather than an optional: Swift 6.3.1's
/// ThreadSanitizer build emitted an invalid bitcast for a line holding an optional reference
/// inside ``DRV2605LGoLine`` (the compiler aborted on `HapticDriverGoOrderTests`).
public struct SimulatedHapticLine: HapticLine {
    /// Where the edges go, when ``connected``.
    private let actuator: SimulatedActuatorInput
    private let connected: Bool

    public init(actuator: SimulatedActuatorInput? = nil) {
        self.actuator = actuator ?? SimulatedActuatorInput()
        connected = actuator != nil
    }

    public mutating func setActive(_ active: Bool) throws(DeviceError) {
        if connected { actuator.lineChanged(on: active) }
    }
}
