import ForcePadShell
import ForcePadCore

/// A calibration being measured from the shell: the cell it is for (nil: any cell, found
/// from where the weight rests) and the weights measured so far.
struct CalibrationSession {
    /// The only cell measured, or nil to let each weight pick its cell.
    let cell: Int?
    /// Zeros (Q0 counts) set by the tare that started the session.
    let zeros: [Int32]
    private(set) var measurements: [CalibrationMeasurement] = []

    init(cell: Int?, zeros: [Int32]) {
        self.cell = cell
        self.zeros = zeros
    }

    mutating func add(_ measurement: CalibrationMeasurement) {
        measurements.append(measurement)
    }

    /// Cells with at least one measurement, in order.
    var measuredCells: [Int] { Set(measurements.map(\.cell)).sorted() }

    /// Fits every measured cell; fails with the first cell that cannot be fitted.
    func fit() throws(CommandFailure) -> [CalibrationFit] {
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
        return fitted
    }
}
