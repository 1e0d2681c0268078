import ForcePadCore
import ForcePadLabFiles
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var record: Self {
        ShellCommand(
            name: "record",
            summary: "record raw frames and events to the state directory",
            details: [
                "start waits for the pad to rest, then records every raw frame (recordings/NAME/frames.csv,",
                "t_us,ch0,… in µs on the loop clock and counts) and every event (events.jsonl, one JSON",
                "object a line) until stop. The recording begins with a tare of the untouched pad, so",
                "'replay NAME' reproduces its events exactly. NAME: letters, digits, '.', '-', '_'.",
                "A write error (disk full) stops the recording with a message; what was written is kept.",
                "export writes reports/NAME.forces.csv: the recording replayed in grams, one row per frame",
                "(t_us, each cell's filtered force, total_g, x[,y] centroid (empty with nothing on the pad),",
                "stage, line on 1/off 0, reference_g as it arrived, missed_before: periods missed before it).",
                "Beside it, reports/NAME.presses.csv: one row per press (start, end, peak place and force,",
                "reference peak; per stage fired, force_g, reference_g, stage_to_line_us, crossing_to_line_us",
                "with filter_delay_us and dwell_us, outcome; a stand trial's travel figures). A stand trial",
                "also gets reports/NAME.force-travel.csv: press, stroke (down/up), t_us, travel_mm, force_g.",
                "No file is ever overwritten.",
                "Without arguments: what is being recorded.",
            ],
            examples: ["record start session", "record stop", "record list", "record export session"],
            bare: { arguments, context throws(CommandFailure) in
                let lab = context.services.lab
                try lab.collectFinishedCapture()
                guard let running = lab.running else {
                    return CommandReply(lines: ["not recording"], fields: [("recording", .null)])
                }
                return CommandReply(
                    lines: ["recording \(running.name): \(CountText.of(running.frames, "frame"))"],
                    fields: [("recording", .string(running.name)), ("frames", .int(Int64(running.frames)))])
            },
            subcommands: [
                ShellSubcommand("start", arguments: "NAME") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = context.services.lab
                    try lab.collectFinishedCapture()
                    let name = try arguments.word("recording name")
                    try arguments.end()
                    try lab.start(
                        name: name, trialPresses: 0, referencePeriodMicros: context.services.reference?.samplePeriodMicros, controller: controller)
                    return CommandReply(
                        lines: ["recording \(name) to \(lab.paths.recording(name)) (tared)"],
                        fields: [("action", .string("start")), ("name", .string(name)), ("path", .string(lab.paths.recording(name)))])
                },
                ShellSubcommand("stop") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    let lab = context.services.lab
                    try lab.collectFinishedCapture()
                    return Self.stopped(try lab.stop(controller: context.controller, reason: "command"))
                },
                ShellSubcommand(
                    "export", arguments: "NAME", completer: { words, context in words.isEmpty ? Recording.names(paths: context.services.lab.paths) : [] }
                ) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let lab = context.services.lab
                    let name = try arguments.word("recording name")
                    try arguments.end()
                    let recording = try lab.finishedRecording(name, board: controller.board)
                    let path = lab.paths.reports + "/" + name + ".forces.csv"
                    let pressesPath = lab.paths.reports + "/" + name + ".presses.csv"
                    let curvesPath = lab.paths.reports + "/" + name + ".force-travel.csv"
                    for existing in [path, pressesPath, curvesPath] where LabPaths.exists(existing) {
                        throw CommandFailure("\(existing) exists; an export is never overwritten: move it away to export again")
                    }
                    let analysis = try TrialAnalysis(recording, board: controller.board, settings: controller.settings)
                    try lab.paths.makeFolder(lab.paths.reports)
                    let rows = try ForceCSVExport.write(recording, board: controller.board, settings: controller.settings, to: path)
                    let presses = try PressTableExport.write(PressTable(analysis: analysis), to: pressesPath)
                    var lines = ["wrote \(path): \(CountText.of(rows, "frame")) in grams", "wrote \(pressesPath): \(CountText.of(presses, "press"))"]
                    var fields: [(String, JSONValue)] = [
                        ("action", .string("export")), ("name", .string(name)), ("path", .string(path)), ("rows", .int(Int64(rows))),
                        ("presses_path", .string(pressesPath)), ("presses", .int(Int64(presses))),
                    ]
                    if !analysis.curves.isEmpty {
                        let readings = try ForceTravelExport.write(analysis.curves, to: curvesPath)
                        lines.append("wrote \(curvesPath): \(CountText.of(readings, "reading")) of force against travel")
                        fields += [("force_travel_path", .string(curvesPath)), ("force_travel_readings", .int(Int64(readings)))]
                    }
                    return CommandReply(lines: lines, fields: fields)
                },
                ShellSubcommand("list") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    try context.services.lab.collectFinishedCapture()
                    return Self.recordingList(context.services.lab)
                },
            ])
    }

    static func stopped(_ info: CaptureInfo) -> CommandReply {
        var lines = ["stopped \(info.name): \(CountText.of(info.frames, "frame")) over \(FixedDecimal.format(info.durationMicros / 1000, scale: 3))s"]
        if info.droppedFrames > 0 { lines.append("warning: \(CountText.of(info.droppedFrames, "frame")) dropped (the disk was too slow); a replay will not be exact") }
        if info.settingsChanged { lines.append("note: settings changed while recording; replay NAME settings=recorded uses those at the start") }
        if let reason = info.stoppedBy, reason.hasPrefix("error") { lines.append("warning: the recording stopped early: \(reason)") }
        return CommandReply(lines: lines, fields: [
            ("action", .string("stop")), ("name", .string(info.name)), ("frames", .int(Int64(info.frames))),
            ("dropped_frames", .int(Int64(info.droppedFrames))), ("duration_us", .int(info.durationMicros)),
            ("stopped_by", .string(info.stoppedBy ?? "")), ("settings_changed", .bool(info.settingsChanged)),
        ])
    }

    /// Every folder of `recordings/`: complete, being recorded, interrupted (cut short, still
    /// replayable), empty or unusable (with what is wrong and the fix). A damaged recording
    /// is listed as such and the others after it still are.
    static func recordingList(_ lab: LabSession) -> CommandReply {
        var lines: [String] = []
        var entries: [JSONValue] = []
        for entry in RecordingEntry.all(paths: lab.paths, running: lab.running?.name) {
            guard let info = entry.info else {
                lines.append("\(entry.name.padded(to: 20))  \(entry.state.rawValue): \(entry.problem ?? "")")
                entries.append(.object([
                    ("name", .string(entry.name)), ("state", .string(entry.state.rawValue)), ("problem", .string(entry.problem ?? "")),
                ]))
                continue
            }
            let seconds = FixedDecimal.format(info.durationMicros / 1000, scale: 3)
            let note = entry.state == .complete ? "" : "  \(entry.state.rawValue)"
            lines.append("\(entry.name.padded(to: 20))  \(info.kind.padded(to: 9))  \(info.started)  \(CountText.of(info.frames, "frame"))  \(seconds)s  board \(info.board)\(note)")
            entries.append(.object([
                ("name", .string(entry.name)), ("kind", .string(info.kind)), ("started", .string(info.started)),
                ("frames", .int(Int64(info.frames))), ("duration_us", .int(info.durationMicros)), ("board", .string(info.board)),
                ("state", .string(entry.state.rawValue)),
            ]))
        }
        if lines.isEmpty { lines = ["no recordings in \(lab.paths.recordings)"] }
        return CommandReply(lines: lines, fields: [("recordings", .array(entries))])
    }
}
