import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var haptic: Self {
        ShellCommand(
            name: "haptic",
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
            bare: { _, context throws(CommandFailure) in Self.hapticStats(context.controller, detailed: true) },
            subcommands: [
                ShellSubcommand("test", arguments: "NAME|\"PATTERN\"", completer: Self.patternNames) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let haptics = controller.settings.haptics
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
                },
                ShellSubcommand("pattern", arguments: "NAME \"PATTERN\"", completer: Self.patternNames) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let haptics = controller.settings.haptics
                    let name = try arguments.word("pattern name")
                    let pattern = try Self.checkedPattern(try arguments.word("pattern"), named: name, haptics: haptics)
                    try arguments.end()
                    try controller.setPattern(name, pattern)
                    return CommandReply(lines: ["\(name): \(pattern)"], fields: [("pattern", .string(name)), ("steps", .string(pattern.description))])
                },
                ShellSubcommand("on") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.switchLine(to: "on", controller: context.controller)
                },
                ShellSubcommand("off") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.switchLine(to: "off", controller: context.controller)
                },
                ShellSubcommand("dry-run") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.switchLine(to: "dry-run", controller: context.controller)
                },
                ShellSubcommand("stats") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return Self.hapticStats(context.controller, detailed: true)
                },
            ])
    }

    /// Completes a pattern's name.
    static let patternNames: Completer = { words, context in words.isEmpty ? context.controller.settings.haptics.patterns.keys.sorted() : [] }

    /// Drives the line (`on`), keeps it off (`off`) or never touches it (`dry-run`), and
    /// answers with the haptic summary.
    static func switchLine(to mode: String, controller: Controller) throws(CommandFailure) -> CommandReply {
        var changed = controller.settings
        changed.haptics.enabled = mode != "off"
        changed.haptics.dryRun = mode == "dry-run"
        try controller.apply(changed, written: [])
        return hapticStats(controller, detailed: false)
    }

    /// The haptic report: every line (`detailed`) or the one-line summary.
    static func hapticStats(_ controller: Controller, detailed: Bool) -> CommandReply {
        let report = HapticReport(controller: controller, snapshot: controller.snapshot())
        return CommandReply(lines: detailed ? report.detailLines : [report.summary], fields: report.fields)
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
