import ForcePadCore
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var monitor: Self {
        ShellCommand(
            name: "monitor", usage: ["monitor [json] [RATE] [for DURATION]"],
            summary: "watch live force as a bar graph with peek and pop marks (or stream frames as JSON)",
            details: [
                "The bar shows the total force up to the maximum force; '|' marks peek and '!' pop.",
                "RATE is the refresh rate (default 10Hz, at most 20Hz for the bar, 100Hz for json).",
                "On a terminal or serial console any key stops it; from a pipe give 'for DURATION'.",
                "json streams {\"t_us\":…,\"event\":\"monitor\",\"total_g\":…,\"cells_g\":[…],…} lines (always in JSON mode).",
            ],
            examples: ["monitor", "monitor 20Hz", "monitor json 50Hz for 2s"],
            completer: { words, _ in words.isEmpty ? ["json", "for"] : [] }
        ) { arguments, context throws(CommandFailure) in
            // In JSON mode every line on standard output is JSON: the frames stream as JSON.
            let json = arguments.accept("json") || context.mode == .json
            var rateMilliHertz: Int64 = 10_000
            var durationMicros: Int64?
            while !arguments.isAtEnd {
                if arguments.accept("for") {
                    durationMicros = try arguments.durationMicros("duration")
                } else {
                    rateMilliHertz = try arguments.frequencyMilliHertz("rate")
                }
            }
            let limit: Int64 = json ? 100_000 : 20_000
            guard rateMilliHertz >= 100, rateMilliHertz <= limit else {
                throw CommandFailure("rate \(QuantityText.frequency(rateMilliHertz)) must be from 0.1Hz to \(QuantityText.frequency(limit))")
            }
            guard durationMicros != nil || context.keyPressed != nil else {
                throw CommandFailure("from a pipe, monitor needs an end: add 'for DURATION' (e.g. monitor for 2s)")
            }
            let controller = context.controller
            let output = controller.consoleOutput
            let period = 1_000_000_000 / rateMilliHertz
            var elapsed: Int64 = 0
            var frames = 0
            let interactive = context.keyPressed != nil && !json && context.mode == .human
            while durationMicros.map({ elapsed < $0 }) ?? true {
                let snapshot = controller.snapshot()
                let view = MonitorView(
                    board: controller.board, settings: controller.settings, snapshot: snapshot,
                    reference: controller.reference(nearFrameAt: snapshot.force.timeMicros))
                if json {
                    output.write(lines: [view.json.rendered()])
                } else if interactive {
                    output.showLive(view.bar)
                } else {
                    output.write(lines: [view.bar])
                }
                frames += 1
                if context.keyPressed?() == true { break }
                controller.pause(micros: period)
                elapsed += period
            }
            if interactive { output.endLive() }
            return CommandReply(lines: ["monitor stopped after \(CountText.of(frames, "frame"))"], fields: [("frames", .int(Int64(frames)))])
        }
    }
}
