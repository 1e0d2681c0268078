/// The haptic line of the `sim` board. What a real line would do is what the haptic scheduler
/// reports (its state in `status`, `haptic.on`/`haptic.off` events); with a simulated
/// accelerometer on the board (`[accelerometer]`) each edge also reaches the simulated
/// actuator through `actuator`.
public struct SimulatedHapticLine: HapticLine {
    /// Where the edges go; nil: nowhere.
    private let actuator: SimulatedActuatorInput?
    /// The level last set, so only changes are edges.
    private var active = false

    public init(actuator: SimulatedActuatorInput? = nil) {
        self.actuator = actuator
    }

    public mutating func setActive(_ active: Bool) throws(DeviceError) {
        guard active != self.active else { return }
        self.active = active
        actuator?.lineChanged(on: active)
    }
}
