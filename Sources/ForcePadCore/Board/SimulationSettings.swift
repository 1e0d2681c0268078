/// Behaviour of the simulated pad of the `sim` board.
public struct SimulationSettings: Sendable, Equatable {
    /// Standard deviation-like amplitude of the uniform noise added per cell (milligrams).
    public var noise: Force
    /// Seed of the noise generator, so runs are reproducible.
    public var seed: UInt64
    /// Time a `sim press` takes to ramp from the current force to its target (µs).
    public var riseMicros: Int64
    /// How the converter turns force into counts: the calibration's exact inverse or an FSR's physics.
    public var model: SimulatedSensorModel

    public init(
        noise: Force, seed: UInt64, riseMicros: Int64, model: SimulatedSensorModel = .ideal
    ) {
        self.noise = noise
        self.seed = seed
        self.riseMicros = riseMicros
        self.model = model
    }

    public static let standard = SimulationSettings(noise: .zero, seed: 1, riseMicros: 20_000)
}
