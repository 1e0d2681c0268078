import ForcePadCore
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var sim: Self {
        ShellCommand(
            name: "sim",
            summary: "press or release the simulated pad (sim board only)",
            details: [
                "The force ramps to FORCE over the board's rise time ([sim] rise) at position X",
                "(0..1 along the strip; X,Y on a grid; default the centre). With 'for', the press",
                "is held for DURATION and released, and the command returns once it is over (on an",
                "interactive console any key releases it early);",
                "without it, the command returns when FORCE is reached and the filter has settled,",
                "and the press is held until 'sim release'. A press at a new place while pressed slides",
                "there at two pad widths per second, as a finger would (the command does not wait for",
                "the slide: follow it with 'wait').",
                "play runs a force trace (t_us,g0,g1,…) or raw recording (t_us,ch0,…) through the pad",
                "in real time; the shell stays usable and events appear as they happen.",
            ],
            examples: ["sim press 200g", "sim press 400g for 300ms", "sim press 1.5N at 0.25", "sim release", "sim play press.csv"],
            subcommands: [
                ShellSubcommand(
                    "press", arguments: "FORCE [for DURATION] [at X[,Y]]",
                    completer: { words, _ in words.isEmpty ? [] : ["for", "at"] }
                ) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let simulation = try Self.simulation(on: controller)
                    let force = try arguments.force("force")
                    guard force > .zero else { throw CommandFailure("force must be above 0g; use 'sim release' to lift") }
                    let maximum = Force.grams(10_000)
                    guard force <= maximum else { throw CommandFailure("force \(force) is above what the simulated pad accepts (\(maximum))") }
                    var holdMicros: Int64 = 0
                    var position = PadPosition.center
                    while !arguments.isAtEnd {
                        if arguments.accept("for") {
                            holdMicros = try arguments.durationMicros("duration")
                            guard holdMicros > 0 else { throw CommandFailure("duration must be above 0ms") }
                        } else if arguments.accept("at") {
                            position = try Self.position(try arguments.word("position"), geometry: controller.board.geometry)
                        } else {
                            throw CommandFailure("unexpected '\(arguments.peek!)': expected 'for DURATION' or 'at X'; usage: \(arguments.usage)")
                        }
                    }
                    try controller.send(.simulate(.press(force: force, position: position, holdMicros: holdMicros)))
                    let reached = simulation.riseMicros + controller.settleMicros
                    let (elapsed, interrupted) = context.interruptiblePause(
                        micros: holdMicros > 0 ? simulation.riseMicros + holdMicros + reached : reached)
                    if interrupted && holdMicros > 0 {
                        try controller.send(.simulate(.release))
                        controller.pause(micros: reached)
                        return CommandReply(
                            lines: ["press of \(force) interrupted after \(FixedDecimal.format(elapsed, scale: 3))ms, released"],
                            fields: [
                                ("action", .string("press")), ("force_g", .grams(force)),
                                ("x", .fractionQ16(position.x)), ("y", .fractionQ16(position.y)), ("hold_us", .int(holdMicros)),
                                ("interrupted_after_us", .int(elapsed)),
                            ])
                    }
                    return CommandReply(
                        lines: [holdMicros > 0 ? "pressed \(force) for \(FixedDecimal.format(holdMicros, scale: 3))ms, released" : "pressing \(force)"],
                        fields: [
                            ("action", .string("press")), ("force_g", .grams(force)),
                            ("x", .fractionQ16(position.x)), ("y", .fractionQ16(position.y)), ("hold_us", .int(holdMicros)),
                        ])
                },
                ShellSubcommand("release") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let simulation = try Self.simulation(on: controller)
                    try arguments.end()
                    try controller.send(.simulate(.release))
                    controller.pause(micros: simulation.riseMicros + controller.settleMicros)
                    return CommandReply(lines: ["released"], fields: [("action", .string("release"))])
                },
                ShellSubcommand("play", arguments: "TRACE.csv") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    _ = try Self.simulation(on: controller)
                    let path = try arguments.word("trace file")
                    try arguments.end()
                    let trace = try TraceFileReader.read(path: path, maxSpanMicros: ForceTrace.maxPlayedSpanMicros)
                    guard trace.cellCount == controller.board.geometry.cellCount else {
                        throw CommandFailure("\(path) has \(trace.cellCount) cells; board \(controller.board.name) has \(controller.board.geometry.cellCount)")
                    }
                    try controller.play(trace: trace)
                    let seconds = FixedDecimal.format(trace.durationMicros / 1000, scale: 3)
                    return CommandReply(
                        lines: ["playing \(path): \(trace.rowCount) rows over \(seconds)s"],
                        fields: [("action", .string("play")), ("rows", .int(Int64(trace.rowCount))), ("duration_us", .int(trace.durationMicros))])
                },
            ])
    }

    /// The simulated pad's settings, or a refusal on a board with real hardware.
    static func simulation(on controller: Controller) throws(CommandFailure) -> SimulationSettings {
        guard let simulation = controller.board.simulation else {
            throw CommandFailure("sim commands work on the sim board only; this is \(controller.board.name)")
        }
        return simulation
    }

    /// Reads `X` (strip) or `X,Y` (grid), each a fraction 0…1.
    static func position(_ text: String, geometry: PadGeometry) throws(CommandFailure) -> PadPosition {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.map { FixedDecimal.parse($0) }
        guard !values.isEmpty, values.count <= 2, values.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 1 }) else {
            throw CommandFailure("position '\(text)' must be X or X,Y with each between 0 and 1, e.g. 0.25 or 0.25,0.75")
        }
        if case .strip = geometry, values.count == 2 {
            throw CommandFailure("this board is a strip: give one position X between 0 and 1, not '\(text)'")
        }
        return PadPosition(fractionX: values[0]!, fractionY: values.count == 2 ? values[1]! : 0.5)
    }
}
