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
                "touch < peek < pop must hold; setting peek or pop leaves the preset (custom).",
            ],
            examples: ["threshold", "threshold peek 150g", "threshold pop 2.9N"],
            completer: { words, _ in words.isEmpty ? ["touch", "peek", "pop"] : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                let stage = try arguments.choice("stage", from: ["touch", "peek", "pop"])
                let force = try arguments.force("force")
                try arguments.end()
                var thresholds = controller.settings.thresholds
                switch stage {
                case "touch": thresholds.touch = force
                case "peek": thresholds.peek = force
                default: thresholds.pop = force
                }
                if let problem = thresholds.problem { throw CommandFailure(problem) }
                if thresholds.pop > controller.settings.forceScale.maximum {
                    throw CommandFailure("pop (\(thresholds.pop)) is above the maximum force (\(controller.settings.forceScale.maximum)) and could never fire")
                }
                try controller.apply(thresholds: thresholds, preset: stage == "touch" ? controller.settings.preset : nil)
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
