import ForcePadCore
import ForcePadLabFiles
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var trial: Self {
        ShellCommand(
            name: "trial",
            summary: "count the next N presses and report what the thresholds really did",
            details: [
                "start records like 'record start' (default name trial-DATE) until N presses have ended.",
                "report gives per stage: the force it fired at (mean, sd, min, max), the overshoot",
                "above the threshold at that frame, the time from touch to the stage, the stage→line",
                "latency (p50, p99, max: frame the stage fired in → GPIO call that started its pulse",
                "returned), chatter (upward re-crossings of the threshold without a",
                "release); the cancel rate; text histograms; and the verdict against the limits the trial",
                "stored when it started ([trials] of the config then): PASS, FAIL, or INCOMPLETE with why",
                "(stopped before its presses, settings changed, too few presses left to judge). Presses that",
                "lost frames, a reference reading or the sensor are left out of every figure and listed.",
                "Without NAME: the last trial. 'trial' shows progress.",
            ],
            examples: ["trial start 20", "trial start 20 name=firm-peek", "trial report"],
            bare: { _, context throws(CommandFailure) in
                let lab = context.services.lab
                try lab.collectFinishedCapture()
                guard let running = lab.running, running.trialPresses > 0 else {
                    return CommandReply(lines: ["no trial running" + (lab.lastTrial.map { "; the last was \($0)" } ?? "")], fields: [("trial", .null)])
                }
                return CommandReply(
                    lines: ["trial \(running.name): \(running.ended) of \(CountText.of(running.trialPresses, "press"))"],
                    fields: [("trial", .string(running.name)), ("ended", .int(Int64(running.ended))), ("presses", .int(Int64(running.trialPresses)))])
            },
            subcommands: [
                ShellSubcommand("start", arguments: "N [name=NAME]") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = context.services.lab
                    try lab.collectFinishedCapture()
                    let count = try arguments.word("number of presses")
                    let range = CaptureInfo.trialPressRange
                    guard let presses = Int(count), range.contains(presses) else {
                        throw CommandFailure("number of presses '\(count)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                    }
                    var name = "trial-" + WallClockText.utc().filter { $0.isNumber || $0 == "T" }
                    if let option = arguments.peek {
                        guard option.hasPrefix("name=") else { throw CommandFailure("unexpected '\(option)': expected name=NAME") }
                        name = String(option.dropFirst(5))
                        _ = try arguments.word("name")
                    }
                    try arguments.end()
                    try lab.start(
                        name: name, trialPresses: presses, referencePeriodMicros: context.services.reference?.samplePeriodMicros,
                        controller: controller)
                    return CommandReply(
                        lines: ["trial \(name): counting the next \(CountText.of(presses, "press")) (tared); trial report when done"],
                        fields: [("action", .string("start")), ("name", .string(name)), ("presses", .int(Int64(presses)))])
                },
                ShellSubcommand("stop") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    let lab = context.services.lab
                    try lab.collectFinishedCapture()
                    guard let running = lab.running, running.trialPresses > 0 else { throw CommandFailure("no trial is running") }
                    return Self.stopped(try lab.stop(controller: context.controller, reason: "command"))
                },
                ShellSubcommand("report", arguments: "[NAME]") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = context.services.lab
                    try lab.collectFinishedCapture()
                    let name = arguments.isAtEnd ? lab.lastTrial : try arguments.word("trial name")
                    try arguments.end()
                    guard let name else { throw CommandFailure("no trial in this session; give its name: trial report NAME") }
                    if let running = lab.running, running.name == name {
                        guard lab.waitForTrial(timeoutMicros: 2_000_000) else {
                            throw CommandFailure("trial \(name) has \(running.ended) of \(CountText.of(running.trialPresses, "press")); finish them or trial stop")
                        }
                        try lab.collectFinishedCapture()
                    }
                    let analysis = try TrialAnalysis(
                        Recording.load(name: name, paths: lab.paths, board: controller.board), board: controller.board,
                        settings: controller.settings)
                    let text = TrialReportText(analysis: analysis)
                    return CommandReply(lines: text.lines, fields: text.fields)
                },
            ])
    }
}
