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
                "Without NAME: the last trial. 'trial' shows progress; 'trial wait' waits until the running trial",
                "ends (at most DURATION, default an hour; any key on an interactive console ends the wait).",
                "With 'stand' the board's test stand makes the presses, unattended: down at SPEED to a force",
                "or a travel, held for the dwell (default 0ms), back up to the return travel (default the top of",
                "the board's travel); trial stop, Ctrl-C, SIGTERM and a lost sensor stop the stand first. The",
                "report adds each press's force-travel figures (docs/test-stand.md). 'trial resume NAME' continues a",
                "trial cut short (a kill, a power cut, a stand that stopped) in a new part that makes the presses",
                "left the same way; its report reads the parts as one trial.",
            ],
            examples: [
                "trial start 20", "trial start 20 name=firm-peek", "trial start 100 stand speed 300mm/min depth 4.2mm",
                "trial start 50 stand speed 60mm/min depth 350g dwell 200ms", "trial wait 300s", "trial report",
                "trial resume dome-a",
            ],
            bare: { _, context throws(CommandFailure) in
                let lab = context.services.lab
                try Self.endTrialIfTheStandStopped(context)
                try lab.collectFinishedCapture()
                guard let running = lab.running, running.trialPresses > 0 else {
                    return CommandReply(lines: ["no trial running" + (lab.lastTrial.map { "; the last was \($0)" } ?? "")], fields: [("trial", .null)])
                }
                var line = "trial \(running.name): \(running.ended) of \(CountText.of(running.trialPresses, "press"))"
                var fields: [(String, JSONValue)] = [
                    ("trial", .string(running.name)), ("ended", .int(Int64(running.ended))), ("presses", .int(Int64(running.trialPresses))),
                ]
                if let part = lab.runningPart {
                    line += "; with the \(part.pressesBefore) the parts before it (resumes \(part.resumes)), "
                        + "\(part.pressesBefore + running.ended) of \(part.pressesBefore + running.trialPresses)"
                    fields += [("resumes", .string(part.resumes)), ("presses_before", .int(Int64(part.pressesBefore)))]
                }
                return CommandReply(lines: [line], fields: fields)
            },
            subcommands: [
                ShellSubcommand(
                    "start", arguments: "N [stand speed SPEED depth FORCE|TRAVEL [dwell D] [return TRAVEL]] [name=NAME]"
                ) { arguments, context throws(CommandFailure) in
                    try Self.startTrial(&arguments, context: context)
                },
                ShellSubcommand("resume", arguments: "NAME [name=PART]") { arguments, context throws(CommandFailure) in
                    try Self.resumeTrial(&arguments, context: context)
                },
                ShellSubcommand("stop") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    let lab = context.services.lab
                    try lab.collectFinishedCapture()
                    guard let running = lab.running, running.trialPresses > 0 else { throw CommandFailure("no trial is running") }
                    if let stand = context.services.stand, case .cycles? = stand.driver?.snapshot().request { stand.stop(.requested) }
                    return Self.stopped(try lab.stop(controller: context.controller, reason: "command"))
                },
                ShellSubcommand("wait", arguments: "[DURATION]") { arguments, context throws(CommandFailure) in
                    let limit = arguments.isAtEnd ? 3_600_000_000 : try arguments.durationMicros("duration")
                    try arguments.end()
                    return try Self.waitForTrial(limitMicros: limit, context: context)
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
                    let analysis = try TrialParts.analysis(of: name, lab: lab, board: controller.board, settings: controller.settings)
                    let text = TrialReportText(analysis: analysis)
                    return CommandReply(lines: text.lines, fields: text.fields)
                },
            ])
    }

    /// `trial start N [stand …] [name=NAME]`.
    private static func startTrial(_ arguments: inout ArgumentCursor, context: ShellContext) throws(CommandFailure) -> CommandReply {
        let controller = context.controller
        let lab = context.services.lab
        try lab.collectFinishedCapture()
        let count = try arguments.word("number of presses")
        let range = CaptureInfo.trialPressRange
        guard let presses = Int(count), range.contains(presses) else {
            throw CommandFailure("number of presses '\(count)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        var name = "trial-" + WallClockText.utc().filter { $0.isNumber || $0 == "T" }
        var cycles: StandCycles?
        while let option = arguments.peek {
            if arguments.accept("stand") {
                cycles = try Self.standCycles(&arguments, presses: presses, context: context)
                continue
            }
            guard option.hasPrefix("name=") else { throw CommandFailure("unexpected '\(option)': expected stand … or name=NAME") }
            name = String(option.dropFirst(5))
            _ = try arguments.word("name")
        }
        try arguments.end()
        try lab.start(
            name: name, trialPresses: presses, referencePeriodMicros: context.services.reference?.samplePeriodMicros,
            controller: controller, plan: TrialPlan(stand: cycles.map(RecordedStandCycles.init)))
        if let cycles { try Self.pressByStand(cycles, trial: name, context: context) }
        let pressedBy = cycles.map { " " + Self.describe($0) } ?? ""
        return CommandReply(
            lines: ["trial \(name): counting the next \(CountText.of(presses, "press"))\(pressedBy) (tared); trial report when done"],
            fields: [
                ("action", .string("start")), ("name", .string(name)), ("presses", .int(Int64(presses))),
                ("stand", .bool(cycles != nil)),
            ])
    }
}
