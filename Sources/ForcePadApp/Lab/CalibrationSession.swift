import ForcePadShell
import ForcePadCore

/// A calibration being measured from the shell: the cell it is for (nil: any cell, found
/// from where the weight rests), the weights measured so far and the last fit.
struct CalibrationSession {
    /// The only cell measured, or nil to let each weight pick its cell.
    let cell: Int?
    /// Zeros (Q0 counts) set by the tare that started the session.
    let zeros: [Int32]
    private(set) var measurements: [CalibrationMeasurement] = []
    /// Tables fitted by `calibrate fit`, by cell; cleared by every new measurement.
    private(set) var fits: [CalibrationFit] = []

    init(cell: Int?, zeros: [Int32]) {
        self.cell = cell
        self.zeros = zeros
    }

    mutating func add(_ measurement: CalibrationMeasurement) {
        measurements.append(measurement)
        fits = []
    }

    /// Cells with at least one measurement, in order.
    var measuredCells: [Int] { Set(measurements.map(\.cell)).sorted() }

    /// Fits every measured cell; fails with the first cell that cannot be fitted.
    mutating func fit() throws(CommandFailure) -> [CalibrationFit] {
        guard !measurements.isEmpty else {
            throw CommandFailure("no weights measured yet; place a known weight and use calibrate add FORCE")
        }
        var fitted: [CalibrationFit] = []
        for cell in measuredCells {
            do {
                fitted.append(try CalibrationFit(cell: cell, measurements: measurements))
            } catch {
                throw CommandFailure(error.description)
            }
        }
        fits = fitted
        return fitted
    }

    /// The board's calibration with every fitted cell's table replaced.
    func calibration(replacing current: CalibrationSet, source: String) -> CalibrationSet {
        var tables = current.tables
        for fit in fits { tables[fit.cell] = fit.table }
        return CalibrationSet(tables: tables, source: source)
    }
}
