/// A cell's calibration table fitted to measured weights, and how far each measurement
/// lies from it.
///
/// The table is piecewise linear through the zero point (0 counts, 0 g, set by the tare)
/// and one knot per distinct weight, at the mean counts of that weight's measurements
/// (rounded to whole counts). A weight measured once lies on the table; repeated
/// measurements of a weight show their scatter as residuals.
public struct CalibrationFit: Sendable, Equatable {
    public let cell: Int
    public let table: CalibrationTable
    /// Per measurement, in the order given: force the table gives for its counts minus the
    /// weight (mg; saturation at the top knot reports the top knot's force).
    public let residuals: [(measurement: CalibrationMeasurement, residual: Force)]

    /// Why measurements cannot make a table, in words an operator can act on.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Fewer than two distinct weights on the cell.
        case tooFewWeights(cell: Int, weights: Int)
        /// A heavier weight did not read more counts than a lighter one.
        case notMonotonic(cell: Int, lighter: Force, lighterCounts: Int32, heavier: Force, heavierCounts: Int32)
        /// A weight read nothing above the zero.
        case noReading(cell: Int, force: Force)

        public var description: String {
            switch self {
            case .tooFewWeights(let cell, let weights):
                "cell \(cell): \(CountText.of(weights, "weight")) measured; add at least 2 different weights (FSRs are not linear), or calibrate drop cell \(cell)"
            case .notMonotonic(let cell, let lighter, let lighterCounts, let heavier, let heavierCounts):
                "cell \(cell): \(heavier) read \(heavierCounts) counts, not more than \(lighter) (\(lighterCounts) counts); re-seat the weight and measure again (calibrate drop last takes back the last one), or calibrate drop cell \(cell)"
            case .noReading(let cell, let force):
                "cell \(cell): \(force) read nothing above the zero; check the weight sits on that cell"
            }
        }
    }

    /// Fits `measurements` of `cell` (other cells' measurements are ignored).
    public init(cell: Int, measurements all: [CalibrationMeasurement]) throws(Problem) {
        let measurements = all.filter { $0.cell == cell }
        var byForce: [Int32: [Int32]] = [:]
        for measurement in measurements {
            guard measurement.counts > 0 else { throw .noReading(cell: cell, force: measurement.force) }
            byForce[measurement.force.milligrams, default: []].append(measurement.counts)
        }
        guard byForce.count >= 2 else { throw .tooFewWeights(cell: cell, weights: byForce.count) }
        var points = [CalibrationPoint(counts: 0, force: .zero)]
        for milligrams in byForce.keys.sorted() {
            let counts = byForce[milligrams]!
            let sum = counts.reduce(Int64(0)) { $0 + Int64($1) }
            let mean = Int32((2 * sum + Int64(counts.count)) / (2 * Int64(counts.count)))
            let previous = points[points.count - 1]
            if mean <= previous.counts {
                throw .notMonotonic(
                    cell: cell, lighter: previous.force, lighterCounts: previous.counts,
                    heavier: Force(milligrams: milligrams), heavierCounts: mean)
            }
            points.append(CalibrationPoint(counts: mean, force: Force(milligrams: milligrams)))
        }
        let table: CalibrationTable
        do {
            table = try CalibrationTable(validating: points)
        } catch {
            throw .tooFewWeights(cell: cell, weights: byForce.count)
        }
        self.cell = cell
        self.table = table
        residuals = measurements.map { measurement in
            let fitted = table.force(forCounts: measurement.counts).force
            return (measurement, Force(milligrams: fitted.milligrams - measurement.force.milligrams))
        }
    }

    /// Per knot above the zero, lightest first: the force the table would give at the knot's
    /// counts without that knot (the straight line between its neighbours) minus the knot's
    /// force (mg), the leave-one-out error; nil for the heaviest knot, which has no neighbour
    /// above (the table is never extrapolated). It estimates how far the table may be off
    /// between knots, which residuals at the knots (0 for a weight measured once) cannot.
    public var leaveOneOutErrors: [(knot: CalibrationPoint, error: Force?)] {
        let points = table.points
        return (1..<points.count).map { index in
            let knot = points[index]
            guard index + 1 < points.count else { return (knot, nil) }
            let (below, above) = (points[index - 1], points[index + 1])
            let without = CalibrationTable.interpolate(
                x: Int64(knot.counts), x0: Int64(below.counts), x1: Int64(above.counts),
                y0: Int64(below.force.milligrams), y1: Int64(above.force.milligrams))
            return (knot, Force(milligrams: Int32(clamping: without - Int64(knot.force.milligrams))))
        }
    }

    /// Where the table is too sparse at `threshold`: the two knots around it when they lie
    /// more than half the threshold apart (the table is a straight line across a wide span
    /// there), or the heaviest knot alone (`above` nil) when the threshold lies at or above
    /// it and reads as saturated; nil when knots lie close enough around it.
    public func sparseKnots(around threshold: Force) -> (below: CalibrationPoint, above: CalibrationPoint?)? {
        let points = table.points
        guard let upper = points.firstIndex(where: { $0.force > threshold }) else { return (points[points.count - 1], nil) }
        let (below, above) = (points[upper - 1], points[upper])
        return Int64(above.force.milligrams - below.force.milligrams) * 2 > Int64(threshold.milligrams) ? (below, above) : nil
    }

    public static func == (lhs: CalibrationFit, rhs: CalibrationFit) -> Bool {
        lhs.cell == rhs.cell && lhs.table == rhs.table
            && lhs.residuals.map(\.measurement) == rhs.residuals.map(\.measurement)
            && lhs.residuals.map(\.residual) == rhs.residuals.map(\.residual)
    }
}
