import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// What `calibrate fit`, `save` and `show` answer.
extension ShellCommand where Context == ShellContext {
    /// `calibrate save`'s answer: the cells changed and kept, the checksum, the previous file.
    /// `keptFrom` names where kept tables came from when not from the file (no file before).
    static func saveReply(_ outcome: CalibrationSave.Outcome, keptFrom: String?, board: String) -> CommandReply {
        func cells(_ list: [Int]) -> String { "cell\(list.count == 1 ? "" : "s") " + list.map(String.init).joined(separator: ", ") }
        let checksum = CRC32.hex(outcome.calibration.checksum(board: board))
        var summary = "changed " + cells(outcome.changedCells)
        if !outcome.keptCells.isEmpty { summary += "; kept " + cells(outcome.keptCells) + (keptFrom.map { " from the \($0)" } ?? " as saved") }
        let previous = outcome.previousFile.map { "the previous file is \($0)" } ?? "a new file"
        return CommandReply(
            lines: ["saved \(outcome.file): \(summary) (crc32 \(checksum)); \(previous); calibrate use applies it now"],
            fields: [
                ("action", .string("save")), ("path", .string(outcome.file)), ("crc32", .string(checksum)),
                ("cells", .array(outcome.changedCells.map { .int(Int64($0)) })), ("kept", .array(outcome.keptCells.map { .int(Int64($0)) })),
                ("previous", outcome.previousFile.map { .string($0) } ?? .null),
            ])
    }

    /// `calibrate fit`'s answer: per cell its table, per measurement the knot's leave-one-out
    /// error (and its residual when the weight was measured more than once, the only case
    /// where it is not 0), and a warning per threshold that lies where the knots are sparse.
    static func fitReply(_ fits: [CalibrationFit], thresholds: Thresholds) -> CommandReply {
        var lines: [String] = []
        var cells: [JSONValue] = []
        var warnings: [String] = []
        for fit in fits {
            lines.append("cell \(fit.cell): " + fit.table.points.map { "\($0.counts)→\($0.force)" }.joined(separator: "  "))
            let leaveOneOut = fit.leaveOneOutErrors
            var errors: [Int32: Force?] = [:]
            for (knot, error) in leaveOneOut { errors[knot.force.milligrams] = error }
            let measured = Dictionary(grouping: fit.residuals, by: { $0.measurement.force }).mapValues(\.count)
            for (measurement, residual) in fit.residuals {
                let error = errors[measurement.force.milligrams] ?? nil
                let estimate = error.map { "leave-one-out \($0)" } ?? "leave-one-out none (heaviest knot)"
                let scatter = (measured[measurement.force] ?? 0) > 1 ? "  residual \(residual)" : ""
                lines.append("  \(measurement.force.description.padded(to: 10)) \(String(measurement.counts).padded(to: 6)) counts  \(estimate)\(scatter)")
            }
            for (name, threshold) in [("touch", thresholds.touch), ("peek", thresholds.peek), ("pop", thresholds.pop)] {
                guard let (below, above) = fit.sparseKnots(around: threshold) else { continue }
                if let above {
                    warnings.append("warning: cell \(fit.cell): \(name) (\(threshold)) lies between the knots at \(below.force) and \(above.force), \(Force(milligrams: above.force.milligrams - below.force.milligrams)) apart: the table is a straight line there; add a weight of \(threshold)")
                } else {
                    warnings.append("warning: cell \(fit.cell): \(name) (\(threshold)) lies at or above the heaviest knot (\(below.force)) and reads as saturated; add a weight heavier than \(threshold)")
                }
            }
            cells.append(.object([
                ("cell", .int(Int64(fit.cell))),
                ("points", .array(fit.table.points.map { .array([.int(Int64($0.counts)), .grams($0.force)]) })),
                ("residuals_g", .array(fit.residuals.map { .grams($0.residual) })),
                ("leave_one_out_g", .array(leaveOneOut.map { $0.error.map { .grams($0) } ?? .null })),
            ]))
        }
        lines += warnings
        lines.append("calibrate save writes it; calibrate add more weights to refine")
        return CommandReply(lines: lines, fields: [("action", .string("fit")), ("cells", .array(cells)), ("warnings", .array(warnings.map { .string($0) }))])
    }

    /// `calibrate show`: the calibration in use, whether the saved file is that one, and the
    /// points of `session` (nil: no session is open).
    static func calibrationShow(_ controller: Controller, session: CalibrationSession?) -> CommandReply {
        let calibration = controller.calibration
        let checksum = CRC32.hex(calibration.checksum(board: controller.board.name))
        let saved = SavedCalibrationStatus(controller)
        var lines = ["in use: \(calibration.source) (crc32 \(checksum))", "saved:  \(saved.description)"]
        for (cell, table) in calibration.tables.enumerated() {
            lines.append("  cell \(cell): " + table.points.map { "\($0.counts)→\($0.force)" }.joined(separator: "  "))
        }
        var fields: [(String, JSONValue)] = [
            ("source", .string(calibration.source)), ("crc32", .string(checksum)), ("saved", saved.json),
            ("cells", .array(calibration.tables.map { table in .array(table.points.map { .array([.int(Int64($0.counts)), .grams($0.force)]) }) })),
        ]
        if let session {
            let zeros = session.zeros.map(String.init).joined(separator: " ")
            lines.append("session (\(session.cell.map { "cell \($0)" } ?? "every cell"), zeros \(zeros) counts): \(session.measurements.count) points")
            for measurement in session.measurements {
                lines.append("  cell \(measurement.cell): \(measurement.force) → \(measurement.counts) counts")
            }
            fields.append(("session", .array(session.measurements.map {
                .object([("cell", .int(Int64($0.cell))), ("force_g", .grams($0.force)), ("counts", .int(Int64($0.counts)))])
            })))
            fields.append(("session_zeros", .array(session.zeros.map { .int(Int64($0)) })))
        } else {
            lines.append("no calibration session (calibrate start begins one)")
        }
        return CommandReply(lines: lines, fields: fields)
    }
}
