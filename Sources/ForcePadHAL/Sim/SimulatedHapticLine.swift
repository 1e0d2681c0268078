/// The haptic line of the `sim` board: no hardware, it remembers its state and counts edges
/// so status and tests can see what a real line would have done.
public struct SimulatedHapticLine: HapticLine {
    public private(set) var isActive = false
    /// Number of off→on transitions.
    public private(set) var activations = 0

    public init() {}

    public mutating func setActive(_ active: Bool) throws(DeviceError) {
        if active && !isActive { activations += 1 }
        isActive = active
    }
}
