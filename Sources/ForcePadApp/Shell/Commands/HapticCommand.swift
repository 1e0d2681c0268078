import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var haptic: Self {
        ShellCommand(
            name: "haptic",
            usage: [
                "haptic", "haptic test NAME|\"PATTERN\"", "haptic pattern NAME \"PATTERN\"", "haptic on|off|dry-run",
                "haptic stats",
            ],
            summary: "test patterns, change them, switch the actuator line, show statistics",
            details: [
                "test plays a named pattern or one written out (\"on 20ms off 30ms on 20ms\") now.",
                "pattern changes a configured pattern (peek, pop, release or one named in [haptics.patterns]).",
                "off keeps the line off but still reports haptic events; dry-run never touches the line.",
                "stats shows counters and the latency from the frame in which a stage fired to the",
                "return of the GPIO call that started its pattern; with a [feedback] wire on the board,",
                "also the latency to the edge measured on the wire (see haptic.edge events).",
            ],
            examples: ["haptic test pop", "haptic test \"on 5ms\"", "haptic pattern peek \"on 10ms\"", "haptic dry-run", "haptic stats"],
            completer: { words, context in
                switch words {
                case []: ["test", "pattern", "on", "off", "dry-run", "stats"]
                case ["test"], ["pattern"]: context.controller.settings.haptics.patterns.keys.sorted()
                default: []
                }
            }
        ) { arguments, context throws(CommandFailure) in
            let controller = context.controller
            let action = arguments.isAtEnd ? "stats" : try arguments.choice("haptic action", from: ["test", "pattern", "on", "off", "dry-run", "stats"])
            let haptics = controller.settings.haptics
            switch action {
            case "test":
                let text = try arguments.word("pattern name or pattern")
                try arguments.end()
                if let pattern = haptics.patterns[text] {
                    try controller.play(pattern, as: controller.patterns.id(named: text)!)
                    return CommandReply(lines: ["playing \(text): \(pattern)"], fields: [("pattern", .string(text)), ("steps", .string(pattern.description))])
                }
                guard text.hasPrefix("on ") else {
                    let names = haptics.patterns.keys.sorted()
                    let near = EditDistance.nearest(to: text, in: names).map { "did you mean '\($0)'? " } ?? ""
                    throw CommandFailure("no pattern '\(text)': \(near)give a name (\(names.joined(separator: ", "))) or a pattern in quotes such as \"on 20ms\"")
                }
                let pattern = try Self.checkedPattern(text, named: "test", haptics: haptics)
                try controller.play(pattern, as: HapticPatternID(rawValue: UInt8(HapticPatternBank.capacity)))
                return CommandReply(lines: ["playing \(pattern)"], fields: [("pattern", .string("test")), ("steps", .string(pattern.description))])
            case "pattern":
                let name = try arguments.word("pattern name")
                let pattern = try Self.checkedPattern(try arguments.word("pattern"), named: name, haptics: haptics)
                try arguments.end()
                try controller.setPattern(name, pattern)
                return CommandReply(lines: ["\(name): \(pattern)"], fields: [("pattern", .string(name)), ("steps", .string(pattern.description))])
            case "on", "off", "dry-run":
                try arguments.end()
                var changed = controller.settings
                changed.haptics.enabled = action != "off"
                changed.haptics.dryRun = action == "dry-run"
                try controller.apply(changed, written: [])
                fallthrough
            default:
                try arguments.end()
                let report = HapticReport(controller: controller, snapshot: controller.snapshot())
                return CommandReply(lines: action == "stats" ? report.detailLines : [report.summary], fields: report.fields)
            }
        }
    }

    /// Parses a pattern to be played as `name` and checks it against the safety limits.
    static func checkedPattern(_ text: String, named name: String, haptics: HapticSettings) throws(CommandFailure) -> HapticPattern {
        let pattern: HapticPattern
        do {
            pattern = try HapticPattern(parsing: text)
        } catch {
            throw CommandFailure(error.message)
        }
        if let problem = SettingsRules.onTimeProblem(of: pattern, named: name, haptics: haptics) {
            throw CommandFailure(problem.description)
        }
        return pattern
    }
}
