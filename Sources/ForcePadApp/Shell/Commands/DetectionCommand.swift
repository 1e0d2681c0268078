import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var detection: Self {
        ShellCommand(
            name: "detection", usage: ["detection NAME [NAME…]"],
            summary: "score the settings in force against recordings made with a reference sensor",
            details: [
                "Replays each recording with the settings it was recorded with and with the settings in force,",
                "and scores both against its reference readings: crossing→frame p50/p99/max (the true crossing",
                "to the stage's frame), false fires, misses, chatter and early firings (docs/performance.md).",
                "Change filter and hysteresis between runs to pick the settings for your own pad.",
            ],
            examples: ["detection taps", "detection taps slow-presses"],
            completer: { _, context in Recording.names(paths: context.services.lab.paths) }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            var names: [String] = []
            while !arguments.isAtEnd { names.append(try arguments.word("recording name")) }
            guard !names.isEmpty else { throw CommandFailure("name a recording made with a reference sensor: detection NAME") }
            var lines: [String] = []
            var recordings: [JSONValue] = []
            for name in names {
                let recording = try context.services.lab.finishedRecording(name, board: controller.board)
                let recorded = try RecordingDetection(
                    recording, board: controller.board, settings: recording.info.recordedSettings(over: controller.settings))
                let current = try RecordingDetection(recording, board: controller.board, settings: controller.settings)
                lines.append("\(name): \(CountText.of(recorded.quality.presses, "press")) against the reference")
                lines.append("  recorded settings  \(recorded.text)")
                lines.append("  settings in force  \(current.text)")
                recordings.append(.object([
                    ("name", .string(name)), ("recorded", .object(recorded.fields)), ("current", .object(current.fields)),
                ]))
            }
            return CommandReply(lines: lines, fields: [("recordings", .array(recordings))])
        }
    }
}
