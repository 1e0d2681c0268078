import Glibc
import ForcePadCore

/// The cells of the `sim` board read as FSRs (``SimulatedFSRParameters``): each cell's own
/// curve, its creep and its hysteresis. Building the curves computes powers in floating
/// point once; ``counts(cell:force:noise:at:)`` is integer-only and allocation-free.
struct SimulatedFSR {
    private let parameters: SimulatedFSRParameters
    /// Each cell's counts for a force (its warped copy of the board's calibration).
    private let curves: [CalibrationTable]
    /// Each cell's sensitivity s (Q16), kept for tests and reports of the model.
    let sensitivitiesQ16: [Int64]
    /// Each cell's loading curve: the calibration a per-cell `calibrate` would measure.
    var cellCurves: [CalibrationTable] { curves }
    /// Each cell's creep: the share of the held force the reading has crept up by (Q32).
    private var creepQ32 = WideCellValues(repeating: 0)
    /// Each cell's highest force since it was last unloaded (mg, Q0).
    private var peakMilligrams = WideCellValues(repeating: 0)
    /// When each cell's creep was last advanced (µs; −1 before the first reading).
    private var lastMicros = WideCellValues(repeating: -1)
    private let fullScaleCounts: Int32

    /// Draws each cell's sensitivity from `seed` and builds its curve from `calibration`.
    init(cellCount: Int, calibration: CalibrationTable, fullScaleCounts: Int32, seed: UInt64, parameters: SimulatedFSRParameters) {
        self.parameters = parameters
        self.fullScaleCounts = fullScaleCounts
        var random = SplitMix64(seed: seed ^ 0x5EED_F5A0_0000_0001)
        let spread = parameters.sensitivitySpreadQ16
        let sensitivities = (0..<cellCount).map { _ in
            (1 << 16) + Int64(random.next() % UInt64(2 * spread + 1)) - spread
        }
        sensitivitiesQ16 = sensitivities
        curves = sensitivities.map { Self.curve(calibration: calibration, sensitivityQ16: $0, parameters: parameters) }
    }

    /// The cell's curve: for forces from 0 to 4 × the calibration's saturation force, the
    /// counts the calibration gives for F_pivot · s · (F / F_pivot)^n. Sampled geometrically
    /// (the curve bends most at small forces) and at the forces that warp onto the
    /// calibration's own points, so it keeps their corners.
    static func curve(calibration: CalibrationTable, sensitivityQ16: Int64, parameters: SimulatedFSRParameters) -> CalibrationTable {
        let pivot = Double(parameters.pivotForce.milligrams)
        let sensitivity = Double(sensitivityQ16) / 65_536
        let exponent = Double(parameters.exponentQ16) / 65_536
        let top = 4 * Double(calibration.saturationForce.milligrams)
        let steps = 96
        let geometric = (0...steps).map { 100 * pow(top / 100, Double($0) / Double(steps)) }
        let corners = calibration.points.map { pivot * pow(Double($0.force.milligrams) / (pivot * sensitivity), 1 / exponent) }
        var points = [CalibrationPoint(counts: calibration.counts(forForce: .zero), force: .zero)]
        for milligrams in (geometric + corners).sorted() where milligrams <= top {
            let warped = pivot * sensitivity * pow(milligrams / pivot, exponent)
            let counts = calibration.counts(forForce: Force(milligrams: Int32(min(warped.rounded(), Double(Int32.max)))))
            let force = Force(milligrams: Int32(milligrams.rounded()))
            guard let last = points.last, counts > last.counts, force > last.force else { continue }
            points.append(CalibrationPoint(counts: counts, force: force))
        }
        if points.count == 1 {
            points.append(CalibrationPoint(counts: points[0].counts + 1, force: Force(milligrams: Int32(top))))
        }
        do {
            return try CalibrationTable(validating: points)
        } catch {
            preconditionFailure("a warped calibration keeps both coordinates increasing: \(error)")
        }
    }

    /// The counts `cell` reads at `timeMicros` with `force` (mg) on it: the force plus the
    /// cell's creep and hysteresis, plus `noise` (mg, electrical), through the cell's curve.
    mutating func counts(cell: Int, force: Int64, noise: Int64, at timeMicros: Int64) -> Int32 {
        let held = max(force, 0)
        // Creep: the share of the held force read on top of it moves first-order towards its
        // full value while loaded and back to 0 while unloaded (an unloaded FSR reads nothing).
        let previous = lastMicros[cell]
        let elapsed = previous < 0 ? 0 : min(max(timeMicros - previous, 0), parameters.creepTimeConstantMicros)
        lastMicros[cell] = timeMicros
        let creepTarget = held > 0 ? parameters.creepFractionQ16 << 16 : 0
        creepQ32[cell] += (creepTarget - creepQ32[cell]) * elapsed / parameters.creepTimeConstantMicros
        let creep = (held * creepQ32[cell]) >> 32
        // Hysteresis: above the loading branch while coming down from the peak.
        if held == 0 { peakMilligrams[cell] = 0 }
        let peak = max(peakMilligrams[cell], held)
        peakMilligrams[cell] = peak
        let unloadingExtra = peak > 0 ? ((held * (peak - held) / peak) * parameters.hysteresisFractionQ16) >> 16 : 0
        let sensed = held + creep + unloadingExtra + noise
        let clamped = Force(milligrams: Int32(clamping: max(sensed, 0)))
        return min(curves[cell].counts(forForce: clamped), fullScaleCounts)
    }
}
