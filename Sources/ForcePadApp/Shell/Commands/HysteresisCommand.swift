import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var hysteresis: Self {
        ShellCommand(
            name: "hysteresis", usage: ["hysteresis", "hysteresis touch|peek|pop FORCE", "hysteresis dwell|touch-dwell DURATION"],
            summary: "show or set the release bands and the minimum dwells",
            details: [
                "A press ends when the force falls below touch minus the touch band; the peek and pop",
                "bands say when a stage counts as left (trigger-level haptics end there). Each band",
                "must be below the gap to the stage beneath it. Peek and pop fire only after the force",
                "has stayed at or above their threshold for the dwell; a press begins after touch-dwell.",
            ],
            examples: ["hysteresis", "hysteresis touch 5g", "hysteresis dwell 2ms", "hysteresis touch-dwell 5ms"],
            completer: { words, _ in words.isEmpty ? ["touch", "peek", "pop", "dwell", "touch-dwell"] : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                var changed = controller.settings
                let which = try arguments.choice("band", from: ["touch", "peek", "pop", "dwell", "touch-dwell"])
                switch which {
                case "dwell": changed.hysteresis.dwellMicros = try arguments.durationMicros("dwell")
                case "touch-dwell": changed.hysteresis.touchDwellMicros = try arguments.durationMicros("touch dwell")
                case "touch": changed.hysteresis.touch = try arguments.force("band")
                case "peek": changed.hysteresis.peek = try arguments.force("band")
                default: changed.hysteresis.pop = try arguments.force("band")
                }
                try arguments.end()
                try controller.apply(changed, written: [which == "touch-dwell" ? "hysteresis.touch_dwell" : "hysteresis.\(which)"])
            }
            let h = controller.settings.hysteresis
            return CommandReply(
                lines: ["touch \(h.touch)  peek \(h.peek)  pop \(h.pop)  dwell \(QuantityText.duration(h.dwellMicros))  touch dwell \(QuantityText.duration(h.touchDwellMicros))"],
                fields: [
                    ("touch_g", .grams(h.touch)), ("peek_g", .grams(h.peek)), ("pop_g", .grams(h.pop)), ("dwell_us", .int(h.dwellMicros)),
                    ("touch_dwell_us", .int(h.touchDwellMicros)),
                ])
        }
    }
}
