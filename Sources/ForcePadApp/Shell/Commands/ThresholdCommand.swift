import ForcePadCore
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var threshold: Self {
        ShellCommand(
            name: "threshold", usage: ["threshold", "threshold touch|peek|pop FORCE"],
            summary: "show the thresholds, or set one",
            details: [
                "FORCE takes a unit: 150g, 0.15kg, 1.5N, 1500mN.",
                "touch < peek < pop must hold, for the presets too, with each hysteresis band narrower than",
                "the gap below its threshold; the same rules as the config file. Setting peek or pop",
                "leaves the preset (custom).",
            ],
            examples: ["threshold", "threshold peek 150g", "threshold pop 2.9N"],
            completer: { words, _ in words.isEmpty ? ["touch", "peek", "pop"] : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                let stage = try arguments.choice("stage", from: ["touch", "peek", "pop"])
                let force = try arguments.force("force")
                try arguments.end()
                var changed = controller.settings
                switch stage {
                case "touch": changed.thresholds.touch = force
                case "peek": changed.thresholds.peek = force
                default: changed.thresholds.pop = force
                }
                if stage != "touch" { changed.preset = nil }
                try controller.apply(changed, written: ["thresholds.\(stage)"])
            }
            return thresholdsReply(controller)
        }
    }

    static func thresholdsReply(_ controller: Controller) -> CommandReply {
        let thresholds = controller.settings.thresholds
        let preset = controller.settings.preset
        return CommandReply(
            lines: ["touch \(thresholds.touch)  peek \(thresholds.peek)  pop \(thresholds.pop)  (\(preset.map { "preset \($0.rawValue)" } ?? "custom"))"],
            fields: [
                ("touch_g", .grams(thresholds.touch)), ("peek_g", .grams(thresholds.peek)), ("pop_g", .grams(thresholds.pop)),
                ("preset", preset.map { .string($0.rawValue) } ?? .null),
            ])
    }
}
