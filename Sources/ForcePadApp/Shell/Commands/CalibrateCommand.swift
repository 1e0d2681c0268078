import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadShell

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
                    let lab = context.services.lab
                    let cell = try Self.cellOption(&arguments, controller: controller)
                    try arguments.end()
                    guard case .done = try controller.tare() else {
                        throw CommandFailure("the tare was refused: the pad must be untouched and still to start calibrating; lift everything off and try again")
                    }
                    let snapshot = controller.snapshot()
                    let zeros = (0..<controller.board.geometry.cellCount).map { snapshot.cellCounts.zeros[$0] }
                    lab.calibration = CalibrationSession(cell: cell, zeros: zeros)
                    let target = cell.map { "cell \($0)" } ?? "every cell"
                    return CommandReply(
                        lines: ["calibrating \(target): tared (zeros \(zeros.map(String.init).joined(separator: " ")) counts); place a known weight and use calibrate add FORCE"],
                        fields: [("action", .string("start")), ("cell", cell.map { .int(Int64($0)) } ?? .null), ("zeros", .array(zeros.map { .int(Int64($0)) }))])
                },
                ShellSubcommand("add", arguments: "FORCE [cell N]", completer: { _, _ in ["cell"] }) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = context.services.lab
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
                    let lab = context.services.lab
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
                    let lab = context.services.lab
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
                    let lab = context.services.lab
                    try arguments.end()
                    guard let session = lab.calibration else { throw CommandFailure("no calibration session; begin with calibrate start [cell N]") }
                    return Self.fitReply(try session.fit(), thresholds: controller.settings.thresholds)
                },
                ShellSubcommand("save") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = context.services.lab
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
                    let lab = context.services.lab
                    try arguments.end()
                    guard lab.calibration != nil else { throw CommandFailure("no calibration session to discard") }
                    lab.calibration = nil
                    return CommandReply(lines: ["calibration session discarded; the calibration in use is unchanged"], fields: [("action", .string("discard"))])
                },
                ShellSubcommand("show") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    try arguments.end()
                    return Self.calibrationShow(controller, session: context.services.lab.calibration)
                },
            ])
    }
}
