import ForcePadCore
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var monitor: Self {
        ShellCommand(
            name: "monitor",
            usage: [
                "monitor [json] [RATE] [for DURATION]",
                "monitor plot [total|cell N] [scope [peek|pop]] [span DURATION] [RATE] [size COLUMNSxROWS] [for DURATION]",
                "monitor plain [total|cells|cell N] [time] [header] [RATE] [for DURATION]",
            ],
            summary: "watch live force as a bar graph, a plot against time, JSON frames or plain numbers",
            details: [
                "The bar shows the total force up to the maximum force; '|' marks peek and '!' pop.",
                "RATE is the refresh rate (default 10Hz, at most 20Hz for the bar, 100Hz for json).",
                "On a terminal or serial console any key stops it; from a pipe give 'for DURATION'.",
                "json streams {\"t_us\":…,\"event\":\"monitor\",\"total_g\":…,\"cells_g\":[…],…} lines (always in JSON mode).",
                "plot draws force against time from every frame on the whole terminal, in braille: the thresholds as solid lines, their release levels (threshold minus hysteresis) dotted, stage marks (t touch, p peek, P pop, r release) and haptic pulses (|) under it. It sweeps like a heart monitor over 'span' (default 5s); 'scope' freezes the span (default 1s) around each peek or pop, a quarter before it. RATE is frames a second (default 10Hz, at most 25Hz); on a serial console each frame waits until the line has carried the last. It sends only what changed and ends with the bytes a second it sent. Events wait and follow it. From a pipe it prints the last frame (80x24, or 'size').",
                "plain prints one line per sample (default 20Hz, up to the board's rate): the total force in grams, or 'cell N', or the total and every cell ('cells'), after the time in seconds with 'time', separated by spaces, for ttyplot and feedgnuplot; 'header' first prints a '#' line naming the fields. Events wait and follow it. Not in JSON mode.",
            ],
            examples: [
                "monitor", "monitor 20Hz", "monitor json 50Hz for 2s", "monitor plot", "monitor plot scope peek", "monitor plot cell 1 span 2s",
                "monitor plain 50Hz for 10s", "monitor plain time cells header for 5s",
            ],
            completer: { words, _ in
                switch words.first {
                case nil: ["json", "plot", "plain", "for"]
                case "plot": ["total", "cell", "scope", "span", "size", "for"]
                case "plain": ["total", "cells", "cell", "time", "header", "for"]
                default: []
                }
            }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if arguments.accept("plot") {
                return try MonitorPlot(&arguments, cellCount: controller.board.geometry.cellCount).run(context)
            }
            if arguments.accept("plain") {
                return try MonitorPlain(&arguments, cellCount: controller.board.geometry.cellCount, sampleRateHz: controller.board.sampleRateHz)
                    .run(context)
            }
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
