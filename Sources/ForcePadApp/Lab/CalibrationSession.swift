import ForcePadCore

/// A calibration being measured from the shell: the cell it is for (nil: any cell, found
/// from where the weight rests) and what was measured so far, in order: weights (one point
/// each) and sweeps (a cell's knots, which a new sweep of the cell replaces).
struct CalibrationSession {
    /// One thing measured: what `calibrate drop last` takes back.
    enum Step {
        /// A known weight on a cell (`calibrate add`).
        case weight(CalibrationMeasurement)
        /// The knots of a sweep of one cell (`calibrate sweep`).
        case sweep(cell: Int, knots: [CalibrationMeasurement])

        var cell: Int {
            switch self {
            case .weight(let measurement): measurement.cell
            case .sweep(let cell, _): cell
            }
        }

        var points: [CalibrationMeasurement] {
            switch self {
            case .weight(let measurement): [measurement]
            case .sweep(_, let knots): knots
            }
        }

        /// The step in words: `cell 1: 50g → 1022 counts`, `the sweep of cell 0 (12 knots)`.
        var description: String {
            switch self {
            case .weight(let measurement): "cell \(measurement.cell): \(measurement.force) → \(measurement.counts) counts"
            case .sweep(let cell, let knots): "the sweep of cell \(cell) (\(knots.count) knots)"
            }
        }
    }

    /// The only cell measured, or nil to let each weight pick its cell.
    let cell: Int?
    /// Zeros (Q0 counts) set by the tare that started the session.
    let zeros: [Int32]
    /// What was measured, oldest first.
    private(set) var steps: [Step] = []

    init(cell: Int?, zeros: [Int32]) {
        self.cell = cell
        self.zeros = zeros
    }

    /// Every point measured, weights and sweep knots, in the order measured.
    var measurements: [CalibrationMeasurement] { steps.flatMap(\.points) }

    mutating func add(_ measurement: CalibrationMeasurement) {
        steps.append(.weight(measurement))
    }

    /// Adds `sweep`'s knots in place of the knots of an earlier sweep of its cell, which is
    /// returned (a cell's table comes from one sweep, never two interleaved).
    mutating func add(_ sweep: CalibrationSweep) -> Step? {
        let earlier = steps.lastIndex { if case .sweep(sweep.cell, _) = $0 { true } else { false } }
        let replaced = earlier.map { steps.remove(at: $0) }
        steps.append(.sweep(cell: sweep.cell, knots: sweep.knots))
        return replaced
    }

    /// Removes every point of `cell`; returns how many there were.
    mutating func drop(cell: Int) -> Int {
        let dropped = steps.filter { $0.cell == cell }.reduce(0) { $0 + $1.points.count }
        steps.removeAll { $0.cell == cell }
        return dropped
    }

    /// Removes the last weight or sweep measured and returns it; nil when there is none.
    mutating func dropLast() -> Step? { steps.popLast() }

    /// Cells with at least one measurement, in order.
    var measuredCells: [Int] { Set(steps.map(\.cell)).sorted() }

    /// Fits every measured cell; fails with the first cell that cannot be fitted.
    func fit() throws(CommandFailure) -> [CalibrationFit] {
        guard !steps.isEmpty else {
            throw CommandFailure("no weights measured yet; place a known weight and use calibrate add FORCE")
        }
        var fitted: [CalibrationFit] = []
        let measurements = measurements
        for cell in measuredCells {
            do {
                fitted.append(try CalibrationFit(cell: cell, measurements: measurements))
            } catch {
                throw CommandFailure(error.description)
            }
        }
        return fitted
    }
}
