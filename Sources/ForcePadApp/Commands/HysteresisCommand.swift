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
                var hysteresis = controller.settings.hysteresis
                let which = try arguments.choice("band", from: ["touch", "peek", "pop", "dwell"])
                if which == "dwell" {
                    let dwell = try arguments.durationMicros("dwell")
                    guard dwell <= 1_000_000 else { throw CommandFailure("dwell \(QuantityText.duration(dwell)) is too long; allowed: 0…1s") }
                    hysteresis.dwellMicros = dwell
                } else {
                    let band = try arguments.force("band")
                    let thresholds = controller.settings.thresholds
                    let (gap, below) = which == "touch" ? (thresholds.touch, "0g")
                        : which == "peek" ? (Force(milligrams: thresholds.peek.milligrams - thresholds.touch.milligrams), "touch")
                        : (Force(milligrams: thresholds.pop.milligrams - thresholds.peek.milligrams), "peek")
                    guard band >= .zero, band < gap else {
                        throw CommandFailure("\(which) band \(band) must be from 0g to below the gap down to \(below) (\(gap))")
                    }
                    switch which {
                    case "touch": hysteresis.touch = band
                    case "peek": hysteresis.peek = band
                    default: hysteresis.pop = band
                    }
                }
                try arguments.end()
                try controller.apply(hysteresis: hysteresis)
            }
            let h = controller.settings.hysteresis
            return CommandReply(
                lines: ["touch \(h.touch)  peek \(h.peek)  pop \(h.pop)  dwell \(QuantityText.duration(h.dwellMicros))"],
                fields: [("touch_g", .grams(h.touch)), ("peek_g", .grams(h.peek)), ("pop_g", .grams(h.pop)), ("dwell_us", .int(h.dwellMicros))])
        }
    }
}
