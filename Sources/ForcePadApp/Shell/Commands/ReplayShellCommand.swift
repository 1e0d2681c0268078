import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var replay: Self {
        ShellCommand(
            name: "replay", usage: ["replay NAME [settings=current|recorded]"],
            summary: "run a recording through the pipeline again and compare its events",
            details: [
                "Replays recordings/NAME deterministically (as forcepad replay does) with the current",
                "settings, or with the thresholds, hysteresis and filter it was recorded with, and the",
                "calibration it was recorded with; then compares the events with the recorded ones.",
                "With the settings it was made with, every event is the same (the GPIO timing of",
                "haptic.on/off is measured, so it is left out of the comparison).",
            ],
            examples: ["replay session", "replay session settings=recorded"],
            completer: { words, context in words.isEmpty ? Recording.names(paths: context.services.lab.paths) : ["settings=current", "settings=recorded"] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            let name = try arguments.word("recording name")
            var useRecorded = false
            if let option = arguments.peek {
                guard option == "settings=current" || option == "settings=recorded" else {
                    throw CommandFailure("unexpected '\(option)': expected settings=current or settings=recorded")
                }
                useRecorded = option == "settings=recorded"
                _ = try arguments.word("settings")
            }
            try arguments.end()
            let recording = try context.services.lab.finishedRecording(name, board: controller.board)
            let settings = useRecorded ? recording.info.recordedSettings(over: controller.settings) : controller.settings
            let replay = try RecordingReplay(recording, board: controller.board, settings: settings)
            var lines = ["replayed \(name): \(CountText.of(recording.frames.rowCount, "frame")), \(CountText.of(replay.events.count, "event")) (\(useRecorded ? "recorded" : "current") settings)"]
            if let difference = replay.difference {
                lines.append("differs from the recording at \(difference)")
            } else {
                lines.append("identical to the recording (\(CountText.of(replay.compared, "event")) compared, GPIO timing left out)")
            }
            return CommandReply(lines: lines, fields: [
                ("name", .string(name)), ("frames", .int(Int64(recording.frames.rowCount))),
                ("events", .int(Int64(replay.events.count))), ("compared", .int(Int64(replay.compared))),
                ("identical", .bool(replay.difference == nil)), ("difference", replay.difference.map { .string($0) } ?? .null),
                ("settings", .string(useRecorded ? "recorded" : "current")),
            ])
        }
    }
}
