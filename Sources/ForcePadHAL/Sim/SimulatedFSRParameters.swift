import ForcePadCore

/// The physics of the `sim` board's FSRs when `[sim] model = "physical"`, in one place.
///
/// Each cell's curve is the board's calibration warped by the cell's own power law:
/// the cell reads, for a force F, the counts the board's calibration gives for
/// F_pivot · s · (F / F_pivot)^n, where s is the cell's sensitivity (1 ± ``sensitivitySpreadQ16``,
/// drawn per cell from the seed) and n is ``exponentQ16``. An FSR's conductance grows as a
/// power of the force, so behind the divider this is the board's curve with the cell's own
/// scale and slope. On top of that, per cell:
/// - creep: under a held load the reading rises, first-order with time constant
///   ``creepTimeConstantMicros``, towards ``creepFractionQ16`` of the force above it; the
///   share recovers the same way once unloaded (an unloaded cell reads nothing meanwhile);
/// - hysteresis: while unloading from a peak P the cell reads as if loaded with
///   F + h · F · (P − F) / P (h = ``hysteresisFractionQ16``): the loading and unloading
///   branches meet at 0 and at P and are furthest apart halfway.
public struct SimulatedFSRParameters: Sendable, Equatable {
    /// Largest relative deviation of a cell's sensitivity from 1 (Q16: 9830 = ±15 %).
    public var sensitivitySpreadQ16: Int64
    /// Power-law exponent n of the conductance (Q16: 58982 = 0.9).
    public var exponentQ16: Int64
    /// Force around which the power law pivots (mg): a cell with s = 1 reads this force right.
    public var pivotForce: Force
    /// Share of the held force the reading creeps up by when held long (Q16: 2621 = 4 %).
    public var creepFractionQ16: Int64
    /// Time constant of the creep, loading and recovering alike (µs).
    public var creepTimeConstantMicros: Int64
    /// Largest extra share of the force read while unloading (Q16: 6554 = 10 %).
    public var hysteresisFractionQ16: Int64

    public init(
        sensitivitySpreadQ16: Int64, exponentQ16: Int64, pivotForce: Force,
        creepFractionQ16: Int64, creepTimeConstantMicros: Int64, hysteresisFractionQ16: Int64
    ) {
        self.sensitivitySpreadQ16 = sensitivitySpreadQ16
        self.exponentQ16 = exponentQ16
        self.pivotForce = pivotForce
        self.creepFractionQ16 = creepFractionQ16
        self.creepTimeConstantMicros = creepTimeConstantMicros
        self.hysteresisFractionQ16 = hysteresisFractionQ16
    }

    /// A thin-film FSR as its datasheets describe it: ±15 % part-to-part, n = 0.9, pivot
    /// 150 g, 4 % creep over 2 s, 10 % hysteresis.
    public static let standard = SimulatedFSRParameters(
        sensitivitySpreadQ16: 9_830, exponentQ16: 58_982, pivotForce: .grams(150),
        creepFractionQ16: 2_621, creepTimeConstantMicros: 2_000_000, hysteresisFractionQ16: 6_554)
}
