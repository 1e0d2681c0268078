import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadShell
import Glibc

extension ShellCommand where Context == ShellContext {
    /// Fewest counts above zero a weight must read to be a calibration point: below this the
    /// reading is the converter's noise, whatever the weight is said to be.
    static let leastWeightCounts: Int32 = 4

    static var calibrate: Self {
        ShellCommand(
            name: "calibrate",
            summary: "calibrate cells with known weights: tare, measure, fit, save",
            details: [
                "start tares the untouched pad and opens a session for one cell, or for every cell.",
                "add measures the weight now resting on the pad (its mean reading above the zero over",
                "[baseline] tare); the point goes to the cell named by 'cell N', else to the session's",
                "cell, else to the cell carrying the weight; a weight resting on another cell is refused.",
                "fit makes each measured cell's piecewise-linear table (0 g at the zero, one knot per",
                "weight) and shows each knot's leave-one-out error (the table's error there had it not",
                "been measured), the residuals of weights measured twice, and a warning for a threshold",
                "between knots more than half of it apart; it needs at least 2 different weights per",
                "cell, each reading more than the lighter ones. save merges the fitted cells into",
                "calibration-BOARD.toml in the state directory (cells not measured in this session keep",
                "the table the file holds), keeps the previous file as NAME~, writes atomically with the",
                "date, board and a checksum, and names the cells it changed and kept. use makes the saved",
                "file the calibration in use now (else it is used from the next start; refused while",
                "recording). discard ends the session.",
                "show prints the calibration in use, whether the saved file is that one or waits for",
                "calibrate use, and the session's points.",
                "sweep (with a reference sensor, [reference] in the board file) records for DURATION (5s",
                "by default) while the operator presses slowly on one cell, from a light touch to past pop",
                "and back: each reference reading is paired with the frame at its time, the loading branch",
                "is fitted (12 knots) and the residuals and the unloading branch's hysteresis are shown.",
                "It says when it starts and for how long. It refuses, with the figures, a press on two",
                "cells, too narrow a range, a reference that does not move or fell behind (readings more",
                "than 6 of its periods apart), a loading branch that starts above the touch threshold",
                "(the start was missed) or has a hole wider than a knot step.",
                "A new sweep of a cell replaces that cell's previous sweep. drop cell N takes back every",
                "point of cell N in the session; drop last takes back the last weight or sweep.",
            ],
            examples: [
                "calibrate start cell 1", "calibrate add 100g", "calibrate add 200g", "calibrate fit", "calibrate save", "calibrate use",
                "calibrate sweep cell 0 for 8s", "calibrate drop last", "calibrate drop cell 2",
            ],
            subcommands: [
                ShellSubcommand("start", arguments: "[cell N]", completer: { _, _ in ["cell"] }) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    let cell = try Self.cellOption(&arguments, controller: controller)
                    try arguments.end()
                    guard case .done = try controller.tare() else {
                        throw CommandFailure("the tare was refused: the pad must be untouched and still to start calibrating; lift everything off and try again")
                    }
                    let snapshot = controller.snapshot()
                    let zeros = (0..<controller.board.geometry.cellCount).map { snapshot.zeroCounts[$0] }
                    lab.calibration = CalibrationSession(cell: cell, zeros: zeros)
                    let target = cell.map { "cell \($0)" } ?? "every cell"
                    return CommandReply(
                        lines: ["calibrating \(target): tared (zeros \(zeros.map(String.init).joined(separator: " ")) counts); place a known weight and use calibrate add FORCE"],
                        fields: [("action", .string("start")), ("cell", cell.map { .int(Int64($0)) } ?? .null), ("zeros", .array(zeros.map { .int(Int64($0)) }))])
                },
                ShellSubcommand("add", arguments: "FORCE [cell N]", completer: { _, _ in ["cell"] }) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    guard var session = lab.calibration else { throw CommandFailure("no calibration session; begin with calibrate start [cell N]") }
                    let force = try arguments.force("weight")
                    guard force > .zero else { throw CommandFailure("the weight must be above 0g") }
                    let named = try Self.cellOption(&arguments, controller: controller)
                    try arguments.end()
                    let means = try Self.measure(controller)
                    let heaviest = means.indices.max { means[$0] < means[$1] } ?? 0
                    let checked = named ?? session.cell ?? heaviest
                    let elsewhere = checked != heaviest && means[heaviest] >= Self.leastWeightCounts
                    if elsewhere && (means[checked] < Self.leastWeightCounts || (named == nil && Int64(means[checked]) * 10 < Int64(means[heaviest]))) {
                        let role = named == nil ? ", the cell this session calibrates" : ""
                        throw CommandFailure(
                            "the weight rests on cell \(heaviest) (\(means[heaviest]) counts above zero), not on cell \(checked) (\(means[checked]) counts)\(role): "
                                + "move it onto cell \(checked), or give its point to cell \(heaviest) with calibrate add \(force) cell \(heaviest)")
                    }
                    guard means[checked] >= Self.leastWeightCounts else {
                        let place = named ?? session.cell != nil ? "cell \(checked)" : "the pad"
                        throw CommandFailure("nothing measurable rests on \(place) (\(means[checked]) counts above zero, at least \(Self.leastWeightCounts) needed); place the weight and wait for it to settle")
                    }
                    let cell: Int
                    if let chosen = named ?? session.cell {
                        cell = chosen
                    } else {
                        let order = means.indices.sorted { means[$0] > means[$1] }
                        cell = order[0]
                        if order.count > 1 && means[order[1]] * 10 > means[order[0]] {
                            throw CommandFailure("the weight rests on cells \(order[0]) and \(order[1]) (\(means[order[0]]) and \(means[order[1]]) counts); place it on one cell, or name the cell with 'cell N'")
                        }
                    }
                    let measurement = CalibrationMeasurement(cell: cell, force: force, counts: means[cell])
                    session.add(measurement)
                    lab.calibration = session
                    let count = session.measurements.filter { $0.cell == cell }.count
                    return CommandReply(
                        lines: ["cell \(cell): \(force) reads \(means[cell]) counts above zero (\(CountText.of(count, "point")) on this cell)"],
                        fields: [("action", .string("add")), ("cell", .int(Int64(cell))), ("force_g", .grams(force)), ("counts", .int(Int64(means[cell])))])
                },
                ShellSubcommand("sweep", arguments: "[cell N] [for DURATION]", completer: { _, _ in ["cell", "for"] }) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    guard var session = lab.calibration else { throw CommandFailure("no calibration session; begin with calibrate start [cell N]") }
                    guard let reference = context.services.reference else {
                        throw CommandFailure("calibrate sweep needs a reference sensor: declare [reference] in the board file (docs/boards.md), or calibrate with known weights (calibrate add FORCE)")
                    }
                    let named = try Self.cellOption(&arguments, controller: controller) ?? session.cell
                    var duration: Int64 = 5_000_000
                    if arguments.accept("for") {
                        duration = try arguments.durationMicros("duration")
                        guard (1_000_000...120_000_000).contains(duration) else { throw CommandFailure("a sweep lasts 1s…120s") }
                    }
                    try arguments.end()
                    Self.announceSweep(cell: named, durationMicros: duration, context: context)
                    let recording = try CalibrationSweepRecording.record(controller, durationMicros: duration)
                    let sweep: CalibrationSweep
                    do throws(CalibrationSweep.Problem) {
                        sweep = try CalibrationSweep(
                            cell: named, frames: recording.frames, references: recording.references,
                            touch: controller.settings.thresholds.touch, referencePeriodMicros: reference.samplePeriodMicros)
                    } catch {
                        throw CommandFailure("the sweep of \(QuantityText.duration(duration)) is refused: \(error.description)")
                    }
                    let replaced = session.add(sweep)
                    lab.calibration = session
                    return Self.sweepReply(sweep, durationMicros: duration, replacing: replaced)
                },
                ShellSubcommand("drop", arguments: "cell N | last", completer: { words, _ in words.isEmpty ? ["cell", "last"] : [] }) {
                    arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    guard var session = lab.calibration else { throw CommandFailure("no calibration session; begin with calibrate start [cell N]") }
                    let line: String
                    var fields: [(String, JSONValue)] = [("action", .string("drop"))]
                    if arguments.accept("last") {
                        try arguments.end()
                        guard let step = session.dropLast() else { throw CommandFailure("nothing to drop: no weight or sweep measured in this session") }
                        line = "dropped \(step.description)"
                        fields += [("cell", .int(Int64(step.cell))), ("points", .int(Int64(step.points.count)))]
                    } else {
                        guard let cell = try Self.cellOption(&arguments, controller: controller) else {
                            throw CommandFailure("calibrate drop takes 'cell N' (every point of the cell) or 'last' (the last weight or sweep)")
                        }
                        try arguments.end()
                        let count = session.drop(cell: cell)
                        guard count > 0 else { throw CommandFailure("nothing to drop: cell \(cell) has no points in this session") }
                        line = "dropped cell \(cell)'s \(count) point\(count == 1 ? "" : "s")"
                        fields += [("cell", .int(Int64(cell))), ("points", .int(Int64(count)))]
                    }
                    lab.calibration = session
                    let cells = session.measuredCells
                    let left = cells.isEmpty ? "no points left" : "points left on cell\(cells.count == 1 ? "" : "s") " + cells.map(String.init).joined(separator: ", ")
                    return CommandReply(lines: ["\(line); \(left)"], fields: fields + [("cells_left", .array(cells.map { .int(Int64($0)) }))])
                },
                ShellSubcommand("fit") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    try arguments.end()
                    guard let session = lab.calibration else { throw CommandFailure("no calibration session; begin with calibrate start [cell N]") }
                    return Self.fitReply(try session.fit(), thresholds: controller.settings.thresholds)
                },
                ShellSubcommand("save") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    try arguments.end()
                    guard let session = lab.calibration else { throw CommandFailure("no calibration session; begin with calibrate start [cell N]") }
                    let fits = try session.fit()
                    let board = controller.board
                    let path = controller.calibrationFile
                    try LabPaths.makeDirectory(controller.stateDirectory)
                    let outcome: CalibrationSave.Outcome
                    do throws(ConfigError) {
                        outcome = try CalibrationSave.save(
                            fits, board: board, path: path, inUse: controller.calibration,
                            version: ForcePadVersion.current, timestamp: WallClockText.utc())
                    } catch {
                        throw CommandFailure(error.description)
                    }
                    lab.calibration = nil
                    return Self.saveReply(outcome, keptFrom: outcome.previousFile == nil ? controller.calibration.source : nil, board: board.name)
                },
                ShellSubcommand("use") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    try arguments.end()
                    switch SavedCalibrationStatus(controller) {
                    case .none(let path):
                        throw CommandFailure("no saved calibration: \(path) does not exist; calibrate save writes it before calibrate use")
                    case .inUse(let path):
                        throw CommandFailure("\(path) is already the calibration in use")
                    case .unreadable(_, let problem):
                        throw CommandFailure("\(problem) (the calibration in use is unchanged)")
                    case .waiting(let path, let crc32, let calibration):
                        try controller.use(calibration)
                        return CommandReply(
                            lines: ["using \(path) (crc32 \(crc32)): every cell reads through its table from now on"],
                            fields: [("action", .string("use")), ("source", .string(path)), ("crc32", .string(crc32))])
                    }
                },
                ShellSubcommand("discard") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = controller.lab
                    try arguments.end()
                    guard lab.calibration != nil else { throw CommandFailure("no calibration session to discard") }
                    lab.calibration = nil
                    return CommandReply(lines: ["calibration session discarded; the calibration in use is unchanged"], fields: [("action", .string("discard"))])
                },
                ShellSubcommand("show") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    try arguments.end()
                    return Self.calibrationShow(controller)
                },
            ])
    }

    /// Reads an optional `cell N`.
    private static func cellOption(_ arguments: inout ArgumentCursor, controller: Controller) throws(CommandFailure) -> Int? {
        guard arguments.accept("cell") else { return nil }
        let text = try arguments.word("cell number")
        let cells = controller.board.geometry.cellCount
        guard let cell = Int(text), cell >= 0, cell < cells else {
            throw CommandFailure("cell '\(text)' does not exist: this board has cells 0…\(cells - 1)")
        }
        return cell
    }

    /// Mean reading above the zero of every cell over the tare duration (Q0 counts, rounded);
    /// refused if a cell moves more than the tare's spread limit meanwhile.
    private static func measure(_ controller: Controller) throws(CommandFailure) -> [Int32] {
        let cells = controller.board.geometry.cellCount
        var sums = [Int64](repeating: 0, count: cells)
        var lowest = [Int32](repeating: .max, count: cells)
        var highest = [Int32](repeating: .min, count: cells)
        var frames: Int64 = 0
        var sequence = controller.snapshot().raw.sequence
        let clock = MonotonicClock()
        let end = clock.nowMicros() + controller.settings.baseline.tareMicros
        while clock.nowMicros() < end || frames == 0 {
            let snapshot = controller.snapshot()
            if snapshot.raw.sequence != sequence {
                sequence = snapshot.raw.sequence
                frames += 1
                for cell in 0..<cells {
                    let above = max(snapshot.readings[cell] - snapshot.zeroCounts[cell], 0)
                    sums[cell] += Int64(above)
                    lowest[cell] = min(lowest[cell], above)
                    highest[cell] = max(highest[cell], above)
                }
            }
            if clock.nowMicros() > end + 1_000_000 { throw CommandFailure("no frames arrived while measuring; check status for read errors") }
            usleep(300)
        }
        let limit = controller.settings.baseline.tareSpreadLimitCounts
        for cell in 0..<cells where highest[cell] - lowest[cell] > limit {
            throw CommandFailure("cell \(cell) moved by \(highest[cell] - lowest[cell]) counts while measuring (limit \(limit)); let the weight settle and add again")
        }
        return sums.map { Int32(($0 * 2 + frames) / (2 * frames)) }
    }

    /// Says, before the shell blocks for the sweep, that it records now and for how long: a
    /// line in human mode, a `calibrate.sweep` event (`t_us`, `cell`, `duration_us`) in JSON.
    private static func announceSweep(cell: Int?, durationMicros: Int64, context: ShellContext) {
        let controller = context.controller
        controller.flushEvents()
        switch context.mode {
        case .human:
            let target = cell.map { "cell \($0)" } ?? "the cell pressed"
            controller.consoleOutput.write(lines: [
                "sweeping \(target) for \(QuantityText.duration(durationMicros)) from now: press slowly from a light touch to past pop, then lift slowly",
            ])
        case .json:
            let event: JSONValue = .object([
                ("t_us", .int(controller.snapshot().raw.timeMicros)), EventFormatter.name(.calibrateSweep),
                ("cell", cell.map { .int(Int64($0)) } ?? .null), ("duration_us", .int(durationMicros)),
            ])
            controller.consoleOutput.write(lines: [event.rendered()])
        }
    }

    private static func sweepReply(_ sweep: CalibrationSweep, durationMicros: Int64, replacing replaced: CalibrationSession.Step?) -> CommandReply {
        let hysteresis = sweep.hysteresis.map { "unloading reads up to \($0) above the loading branch" } ?? "not measured (no unloading)"
        var lines = [
            "cell \(sweep.cell): \(sweep.loadingPairs) loading and \(sweep.unloadingPairs) unloading readings over \(QuantityText.duration(durationMicros)), \(sweep.knots.count) knots",
            "  table       " + sweep.fit.table.points.map { "\($0.counts)→\($0.force)" }.joined(separator: "  "),
            "  residuals   rms \(sweep.residualRms), max |residual| \(sweep.maxResidual) over the loading branch",
            "  hysteresis  \(hysteresis)",
            "calibrate save writes it; calibrate sweep another cell, or add weights",
        ]
        if let replaced { lines.insert("  replaces    \(replaced.description)", at: 4) }
        return CommandReply(lines: lines, fields: [
            ("action", .string("sweep")), ("cell", .int(Int64(sweep.cell))), ("duration_us", .int(durationMicros)),
            ("replaced_knots", replaced.map { .int(Int64($0.points.count)) } ?? .null),
            ("loading", .int(Int64(sweep.loadingPairs))), ("unloading", .int(Int64(sweep.unloadingPairs))),
            ("points", .array(sweep.fit.table.points.map { .array([.int(Int64($0.counts)), .grams($0.force)]) })),
            ("residual_rms_g", .grams(sweep.residualRms)), ("residual_max_g", .grams(sweep.maxResidual)),
            ("hysteresis_g", sweep.hysteresis.map { .grams($0) } ?? .null),
        ])
    }

    /// `calibrate save`'s answer: the cells changed and kept, the checksum, the previous file.
    /// `keptFrom` names where kept tables came from when not from the file (no file before).
    private static func saveReply(_ outcome: CalibrationSave.Outcome, keptFrom: String?, board: String) -> CommandReply {
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
    private static func fitReply(_ fits: [CalibrationFit], thresholds: Thresholds) -> CommandReply {
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

    static func calibrationShow(_ controller: Controller) -> CommandReply {
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
        if let session = controller.lab.calibration {
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
