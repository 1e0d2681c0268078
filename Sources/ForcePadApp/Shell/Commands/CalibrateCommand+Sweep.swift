import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import ForcePadShell

/// `calibrate sweep`: its announcement before the shell blocks, and the fit it answers with.
extension ShellCommand where Context == ShellContext {
    /// Says, before the shell blocks for the sweep, that it records now and for how long: a
    /// line in human mode, a `calibrate.sweep` event (`t_us`, `cell`, `duration_us`) in JSON.
    static func announceSweep(cell: Int?, durationMicros: Int64, context: ShellContext) {
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

    static func sweepReply(_ sweep: CalibrationSweep, durationMicros: Int64, replacing replaced: CalibrationSession.Step?) -> CommandReply {
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
}
