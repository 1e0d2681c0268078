/// How the `sim` board's converter turns the force on a cell into counts (`[sim] model`).
public enum SimulatedSensorModel: String, Sendable, Equatable, CaseIterable {
    /// Through the exact inverse of the board's calibration: the pad's estimate is always
    /// right, up to the noise.
    case ideal
    /// An FSR as on the bench: power-law conductance with a per-cell sensitivity spread,
    /// creep under a held load and loading/unloading hysteresis (``SimulatedFSRParameters``
    /// in the HAL), so the pad's estimate differs from the true force as a real pad's does.
    case physical
}
