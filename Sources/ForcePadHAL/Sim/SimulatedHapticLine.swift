/// The haptic line of the `sim` board: there is no actuator. What a real line would do is
/// what the haptic scheduler reports (its state in `status`, `haptic.on`/`haptic.off` events),
/// so this line has nothing to keep.
public struct SimulatedHapticLine: HapticLine {
    public init() {}

    public mutating func setActive(_ active: Bool) throws(DeviceError) {}
}
