/// The `sim` board's reference force sensor (`[reference] model = "sim"`): it reports the
/// true total force the simulated finger applies, with noise of its own, at its own rate.
public struct SimulatedReferenceSettings: Sendable, Equatable {
    /// Amplitude of the uniform noise added to each reading (mg): a reading is the true force ± this.
    public var noise: Force
    /// Readings per second (Hz, samples per second).
    public var rateHz: Int

    public init(noise: Force, rateHz: Int) {
        self.noise = noise
        self.rateHz = rateHz
    }

    /// ±0.5 g at 80 SPS: a load cell through a 24-bit ADC at its common rate.
    public static let standard = SimulatedReferenceSettings(noise: Force(milligrams: 500), rateHz: 80)
}
