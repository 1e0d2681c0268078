import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var report: Self {
        ShellCommand(
            name: "report", usage: ["report NAME"],
            summary: "write a JSON report and an SVG force plot of a recording or trial",
            details: [
                "Writes reports/NAME.json (format, version, board, calibration checksum, thresholds,",
                "hysteresis, filter, the statistics of trial report, the limits and the verdict, and",
                "whether the replay reproduced the recording) and reports/NAME.svg (total force",
                "against time with the thresholds, their hysteresis bands and the haptic pulses).",
            ],
            examples: ["report firm-peek"],
            completer: { words, context in words.isEmpty ? Recording.names(paths: context.controller.lab.paths) : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            let lab = controller.lab
            let name = try arguments.word("recording name")
            try arguments.end()
            try lab.collectFinishedCapture()
            if let running = lab.running, running.name == name {
                throw CommandFailure("'\(name)' is still being recorded; stop it first")
            }
            let limits = controller.settings.trialLimits
            let analysis = try TrialAnalysis(
                Recording.load(name: name, paths: lab.paths, board: controller.board), board: controller.board,
                settings: controller.settings, limits: limits)
            try lab.paths.makeFolder(lab.paths.reports)
            try ForcePlotSVG(analysis: analysis).text.write(atomicallyTo: lab.paths.reportSVG(name))
            let report = LabReport(analysis: analysis, limits: limits, generated: WallClockText.utc())
            try (report.json.rendered() + "\n").write(atomicallyTo: lab.paths.reportJSON(name))
            var lines = ["wrote \(lab.paths.reportJSON(name)) and \(lab.paths.reportSVG(name))"]
            lines.append("\(analysis.statistics.presses) presses; " + (analysis.verdict ?? "no limits set"))
            return CommandReply(lines: lines, fields: [
                ("name", .string(name)), ("json", .string(lab.paths.reportJSON(name))), ("svg", .string(lab.paths.reportSVG(name))),
                ("presses", .int(Int64(analysis.statistics.presses))), ("verdict", analysis.verdict.map { .string($0) } ?? .null),
            ])
        }
    }
}
