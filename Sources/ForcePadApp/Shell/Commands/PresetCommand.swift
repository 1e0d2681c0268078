import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var preset: Self {
        ShellCommand(
            name: "preset", usage: ["preset", "preset light|medium|firm"],
            summary: "show the presets, or switch peek and pop to one",
            details: ["Touch is kept. Preset forces come from [presets.NAME] in the config file."],
            examples: ["preset", "preset firm"],
            completer: { words, _ in words.isEmpty ? ThresholdPreset.allCases.map(\.rawValue) : [] }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            if !arguments.isAtEnd {
                let name = try arguments.choice("preset", from: ThresholdPreset.allCases.map(\.rawValue))
                try arguments.end()
                let preset = ThresholdPreset(rawValue: name)!
                var changed = controller.settings
                changed.thresholds = changed.thresholds(for: preset)
                changed.preset = preset
                try controller.apply(changed, written: [])
                return thresholdsReply(controller)
            }
            var lines: [String] = []
            var presets: [JSONValue] = []
            for preset in ThresholdPreset.allCases {
                let forces = controller.settings.thresholds(for: preset)
                let marker = controller.settings.preset == preset ? " (current)" : ""
                lines.append("\(preset.rawValue.padded(to: 6))  peek \(forces.peek)  pop \(forces.pop)\(marker)")
                presets.append(.object([
                    ("name", .string(preset.rawValue)), ("peek_g", .grams(forces.peek)), ("pop_g", .grams(forces.pop)),
                ]))
            }
            return CommandReply(lines: lines, fields: [
                ("current", controller.settings.preset.map { .string($0.rawValue) } ?? .null), ("presets", .array(presets)),
            ])
        }
    }
}
