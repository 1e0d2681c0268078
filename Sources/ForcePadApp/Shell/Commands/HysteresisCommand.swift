import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var hysteresis: Self {
        ShellCommand(
            name: "hysteresis", usage: ["hysteresis", "hysteresis touch|peek|pop FORCE", "hysteresis dwell DURATION"],
            summary: "show or set the release bands and the minimum dwell",
            details: [
                "A press ends when the force falls below touch minus the touch band; the peek and pop",
                "bands say when a stage counts as left (trigger-level haptics end there). Each band",
                "must be below the gap to the stage beneath it. A stage fires only after the force has",
                "stayed at or above its threshold for the dwell.",
            ],
            examples: ["hysteresis", "hysteresis touch 5g", "hysteresis dwell 10ms"],
            completer: { words, _ in words.isEmpty ? ["touch", "peek", "pop", "dwell"] : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                var changed = controller.settings
                let which = try arguments.choice("band", from: ["touch", "peek", "pop", "dwell"])
                switch which {
                case "dwell": changed.hysteresis.dwellMicros = try arguments.durationMicros("dwell")
                case "touch": changed.hysteresis.touch = try arguments.force("band")
                case "peek": changed.hysteresis.peek = try arguments.force("band")
                default: changed.hysteresis.pop = try arguments.force("band")
                }
                try arguments.end()
                try controller.apply(changed, written: ["hysteresis.\(which)"])
            }
            let h = controller.settings.hysteresis
            return CommandReply(
                lines: ["touch \(h.touch)  peek \(h.peek)  pop \(h.pop)  dwell \(QuantityText.duration(h.dwellMicros))"],
                fields: [("touch_g", .grams(h.touch)), ("peek_g", .grams(h.peek)), ("pop_g", .grams(h.pop)), ("dwell_us", .int(h.dwellMicros))])
        }
    }
}
