import ForcePadCore
import ForcePadConfig
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var haptic: Self {
        ShellCommand(
            name: "haptic",
            summary: "test patterns, change them, switch the actuator line, show statistics",
            details: [
                "test plays a named pattern or one written out (\"on 20ms off 30ms on 20ms\") now.",
                "pattern changes a configured pattern (peek, pop, release or one named in [haptics.patterns]),",
                "its value written as in the config file, which refuses the same values with the same words.",
                "off keeps the line off but still reports haptic events; dry-run never touches the line.",
                "stats shows counters and the latency from the frame in which a stage fired to the",
                "return of the GPIO call that started its pattern; with a [feedback] wire on the board,",
                "also the latency to the edge measured on the wire (see haptic.edge events); with a reference",
                "sensor, the crossing→line latency a finger feels: from the true force crossing the stage's",
                "threshold to the same GPIO call, ± the reference's sample period.",
                "With a DRV2605L ([haptic.driver] in the board file): effect list shows the library's effects",
                "by number, the name test effect and sequences take, and the datasheet's title; test effect N",
                "plays one now over I2C; a stage's pattern may be a sequence (\"effect 1 then wait 50ms then",
                "effect 1\"); calibrate runs the chip's auto-calibration (the actuator moves for about a second)",
                "and saves its results in the state directory, written back at every start; off also puts the",
                "chip in standby, on sets it up again.",
            ],
            examples: [
                "haptic test pop", "haptic test \"on 5ms\"", "haptic pattern peek \"on 10ms\"", "haptic dry-run", "haptic stats",
                "haptic effect list", "haptic test effect 24", "haptic pattern pop \"effect 1 then wait 50ms then effect 1\"",
                "haptic calibrate",
            ],
            bare: { _, context throws(CommandFailure) in Self.hapticStats(context, detailed: true) },
            subcommands: [
                ShellSubcommand("test", arguments: "NAME|\"PATTERN\"|effect N", completer: Self.testNames) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let haptics = controller.settings.haptics
                    let text = try arguments.word("pattern name or pattern")
                    if text == "effect" { return try Self.testEffect(try arguments.word("effect number or name"), arguments: arguments, controller: controller) }
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
                    let pattern = try Self.testPattern(text, haptics: haptics)
                    try controller.play(pattern, as: HapticPatternID(rawValue: UInt8(HapticPatternBank.capacity)))
                    return CommandReply(lines: ["playing \(pattern)"], fields: [("pattern", .string("test")), ("steps", .string(pattern.description))])
                },
                ShellSubcommand("pattern", arguments: "NAME \"PATTERN\"", completer: Self.patternNames) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let name = try arguments.word("pattern name")
                    let text = try arguments.word("pattern")
                    try arguments.end()
                    try controller.setPattern(name, text: text)
                    let steps = controller.settings.haptics.patternText(name)!
                    return CommandReply(lines: ["\(name): \(steps)"], fields: [("pattern", .string(name)), ("steps", .string(steps))])
                },
                ShellSubcommand("effect", arguments: "list", completer: { words, _ in words.isEmpty ? ["list"] : [] }) { arguments, context throws(CommandFailure) in
                    guard try arguments.word("list") == "list" else { throw CommandFailure("haptic effect takes list: haptic effect list") }
                    try arguments.end()
                    return try Self.effectList(context.controller)
                },
                ShellSubcommand("calibrate") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.calibrateDriver(context.controller)
                },
                ShellSubcommand("on") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.switchLine(to: "on", context: context)
                },
                ShellSubcommand("off") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.switchLine(to: "off", context: context)
                },
                ShellSubcommand("dry-run") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.switchLine(to: "dry-run", context: context)
                },
                ShellSubcommand("stats") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return Self.hapticStats(context, detailed: true)
                },
            ])
    }

    /// Completes a pattern's name, `effect`, and an effect's name after it.
    static let testNames: Completer = { words, context in
        switch words.count {
        case 0: context.controller.settings.haptics.patterns.keys.sorted() + (context.controller.hapticDriver != nil ? ["effect"] : [])
        case 1 where words[0] == "effect": DRV2605LSequenceStep.effects.compactMap(DRV2605LEffectNames.slug(of:))
        default: []
        }
    }

    /// Completes a pattern's name.
    static let patternNames: Completer = { words, context in words.isEmpty ? context.controller.settings.haptics.patterns.keys.sorted() : [] }

    /// Drives the line (`on`), keeps it off (`off`) or never touches it (`dry-run`), and
    /// answers with the haptic summary. The board's DRV2605L goes to standby with `off` and
    /// is set up again otherwise.
    static func switchLine(to mode: String, context: ShellContext) throws(CommandFailure) -> CommandReply {
        let controller = context.controller
        var changed = controller.settings
        changed.haptics.enabled = mode != "off"
        changed.haptics.dryRun = mode == "dry-run"
        try controller.apply(changed, written: [])
        context.services.hapticDriverStages?.drives.store(mode == "on", ordering: .relaxed)
        if let driver = controller.hapticDriver {
            if mode == "off" {
                if let error = driver.enterStandby() { throw CommandFailure("line kept off, but the DRV2605L did not enter standby: \(error)") }
            } else {
                do {
                    try driver.resume()
                } catch {
                    throw CommandFailure("line \(mode), but the DRV2605L could not be set up: \(error)")
                }
            }
        }
        return hapticStats(context, detailed: false)
    }

    /// The board's DRV2605L, or the failure saying how to get one.
    static func driver(_ controller: Controller) throws(CommandFailure) -> any HapticDriverControl {
        guard let driver = controller.hapticDriver else {
            throw CommandFailure(
                "board '\(controller.board.name)' has no haptic driver: add [haptic.driver] with model = \"drv2605l\" to its board file (docs/boards.md)")
        }
        return driver
    }

    /// `haptic effect list`: every effect of the library by number, the name `haptic test
    /// effect` and sequences take, and its title in the datasheet.
    static func effectList(_ controller: Controller) throws(CommandFailure) -> CommandReply {
        let driver = try driver(controller)
        let effects = DRV2605LSequenceStep.effects
        let nameWidth = effects.map { DRV2605LEffectNames.slug(of: $0)!.count }.max()!
        func row(_ number: String, _ name: String, _ title: String) -> String {
            String(repeating: " ", count: 3 - number.count) + number + "  " + name + String(repeating: " ", count: nameWidth - name.count) + "  " + title
        }
        var lines = [
            "\(driver.description.library.name), \(effects.count) effects; haptic test effect and sequences take the number or the name:",
            row("#", "name", "datasheet title"),
        ]
        lines += effects.map { row(String($0), DRV2605LEffectNames.slug(of: $0)!, DRV2605LEffectNames.title(of: $0)!) }
        let list: [JSONValue] = effects.map { effect in
            .object([
                ("effect", .int(Int64(effect))), ("name", .string(DRV2605LEffectNames.slug(of: effect)!)),
                ("title", .string(DRV2605LEffectNames.title(of: effect)!)),
            ])
        }
        return CommandReply(lines: lines, fields: [("library", .string(driver.description.library.name)), ("effects", .array(list))])
    }

    /// `haptic test effect N`: plays effect `text` (a number or a name) over I2C now.
    static func testEffect(_ text: String, arguments: ArgumentCursor, controller: Controller) throws(CommandFailure) -> CommandReply {
        try arguments.end()
        let driver = try driver(controller)
        guard let effect = DRV2605LEffectNames.effect(named: text), let name = DRV2605LEffectNames.slug(of: effect),
            let title = DRV2605LEffectNames.title(of: effect)
        else {
            throw CommandFailure("'\(text)' is not an effect of the DRV2605L library: give 1 to \(DRV2605LSequenceStep.effects.upperBound) or a name from haptic effect list")
        }
        do {
            try driver.play(effect: effect)
        } catch {
            throw CommandFailure("effect \(effect) not played: \(error)")
        }
        return CommandReply(
            lines: ["played effect \(effect) \(name) (\(title))"],
            fields: [("effect", .int(Int64(effect))), ("name", .string(name)), ("title", .string(title))])
    }

    /// `haptic calibrate`: the DRV2605L's auto-calibration, its results shown and saved.
    static func calibrateDriver(_ controller: Controller) throws(CommandFailure) -> CommandReply {
        let driver = try driver(controller)
        let calibration: DRV2605LCalibration
        do {
            calibration = try driver.calibrate()
        } catch {
            throw CommandFailure(error.description + " (nothing saved)")
        }
        let board = controller.board
        let path = controller.hapticDriverCalibrationFile
        try LabPaths.makeDirectory(controller.stateDirectory)
        try HapticDriverCalibrationFile.render(
            calibration, board: board.name, driver: driver.description, version: ForcePadVersion.current, timestamp: WallClockText.utc()
        ).write(atomicallyTo: path)
        let actuator = board.hapticDriver?.actuator ?? .lra
        let gain = calibration.backEMFGainTenThousandths(for: actuator)
        let microvolts = calibration.backEMFMicrovolts(for: actuator)
        return CommandReply(
            lines: [
                "calibrated: the auto-calibration converged (DIAG_RESULT 0)",
                "  drive compensation ×\(FixedDecimal.format(calibration.compensationPermille, scale: 3)) for the actuator's resistive losses (A_CAL_COMP \(hex(calibration.compensation)))",
                "  back-EMF \(FixedDecimal.format(microvolts, scale: 3)) mV at the rated voltage, through the \(actuator.rawValue.uppercased()) amplifier's "
                    + "\(FixedDecimal.format(gain, scale: 4))× gain (A_CAL_BEMF \(hex(calibration.backEMF)), BEMF_GAIN \(calibration.backEMFGain))",
                "saved \(path); written back at every start",
            ],
            fields: [
                ("compensation", .int(Int64(calibration.compensation))), ("back_emf", .int(Int64(calibration.backEMF))),
                ("back_emf_gain", .int(Int64(calibration.backEMFGain))), ("diag_result", .string("ok")), ("path", .string(path)),
                ("compensation_factor", .decimal(calibration.compensationPermille, places: 3)),
                ("back_emf_mv", .decimal(microvolts, places: 3)),
            ])
    }

    /// `0x0d`.
    private static func hex(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0x0" : "0x") + String(byte, radix: 16)
    }

    /// The haptic report: every line (`detailed`) or the one-line summary.
    static func hapticStats(_ context: ShellContext, detailed: Bool) -> CommandReply {
        let latencies = context.services.loopLatencies()
        let report = HapticReport(
            controller: context.controller, services: context.services, snapshot: context.controller.snapshot(), latencies: latencies)
        return CommandReply(lines: detailed ? report.detailLines : [report.summary], fields: report.fields)
    }

    /// The pattern `haptic test` plays from `text`, checked against the safety limits. It is
    /// no setting, so a problem quotes the pattern as written and blames no key.
    static func testPattern(_ text: String, haptics: HapticSettings) throws(CommandFailure) -> HapticPattern {
        let pattern: HapticPattern
        do {
            pattern = try HapticPattern(parsing: text)
        } catch {
            throw CommandFailure(error.message)
        }
        if let problem = SettingsRules.onTimeMessage(of: pattern, haptics: haptics) {
            throw CommandFailure("haptic pattern '\(text)': \(problem)")
        }
        return pattern
    }
}
