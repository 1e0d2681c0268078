import ForcePadCore
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var stand: Self {
        ShellCommand(
            name: "stand",
            summary: "the motorised test stand: where it is, home, move, stop (boards with [stand])",
            details: [
                "Travel is measured from home, the top of the stroke, downwards. 'stand move TRAVEL at SPEED'",
                "moves the crosshead to TRAVEL; 'stand move to FORCE at SPEED' moves it down until the force",
                "(the reference sensor's, else the stand's gauge) reaches FORCE, or the deepest travel the",
                "board allows. Both wait until the crosshead is there; any key on an interactive console stops it.",
                "Moves are refused until 'stand home' and outside the board's travel, speed and force limits.",
                "The stand is stopped at once, with one stand.stopped line saying why, when the force reaches",
                "[stand] force_limit, when it reports an alarm or stops answering, when the pad's sensor or",
                "the reference is lost, and before forcepad exits (docs/test-stand.md).",
            ],
            examples: ["stand", "stand home", "stand move 2.5mm at 120mm/min", "stand move to 300g at 30mm/min", "stand stop"],
            bare: { arguments, context throws(CommandFailure) in
                try arguments.end()
                return Self.standStatus(try Self.standRuntime(context))
            },
            subcommands: [
                ShellSubcommand("home") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    let stand = try Self.standRuntime(context)
                    return try Self.carryOut(.home, on: stand, context: context, done: "home")
                },
                ShellSubcommand(
                    "move", arguments: "TRAVEL|to FORCE at SPEED", completer: { words, _ in words.count == 1 ? ["at"] : words.isEmpty ? ["to"] : [] }
                ) { arguments, context throws(CommandFailure) in
                    let stand = try Self.standRuntime(context)
                    let request: StandRequest
                    if arguments.accept("to") {
                        let force = try arguments.force("force")
                        guard arguments.accept("at") else { throw CommandFailure("missing 'at SPEED'; usage: \(arguments.usage)") }
                        request = .press(force: force, speed: try arguments.speedMicrometresPerMinute("speed"))
                    } else {
                        let travel = try arguments.travelMicrometres("travel")
                        guard arguments.accept("at") else { throw CommandFailure("missing 'at SPEED'; usage: \(arguments.usage)") }
                        request = .move(travel: travel, speed: try arguments.speedMicrometresPerMinute("speed"))
                    }
                    try arguments.end()
                    return try Self.carryOut(request, on: stand, context: context, done: "there")
                },
                ShellSubcommand("stop") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    let stand = try Self.standRuntime(context)
                    stand.stop(.requested)
                    Self.waitForTheStop(stand, context: context)
                    return Self.standStatus(stand, headline: "stopped")
                },
            ])
    }

    /// The stand, or why there is none.
    private static func standRuntime(_ context: ShellContext) throws(CommandFailure) -> StandRuntime {
        guard let stand = context.services.stand, stand.driver != nil else {
            throw CommandFailure("this board has no test stand: add a [stand] section to its board file (docs/test-stand.md)")
        }
        return stand
    }

    /// Asks for `request` and waits until it is finished or the stand is stopped; a key stops it.
    private static func carryOut(
        _ request: StandRequest, on stand: StandRuntime, context: ShellContext, done: String
    ) throws(CommandFailure) -> CommandReply {
        guard let driver = stand.driver else { throw CommandFailure("the test stand is not running") }
        let before = driver.snapshot()
        do {
            try driver.ask(request)
        } catch {
            throw CommandFailure(error.description)
        }
        let period = stand.description.commandPeriodMicros
        // Wait for the stand's thread to take the request, then for it to finish or stop.
        context.controller.pause(micros: 2 * period)
        while true {
            let now = driver.snapshot()
            if now.finished > before.finished, now.request == nil { return standStatus(stand, headline: done) }
            if now.stopped {
                throw CommandFailure(now.lastStop?.description ?? "the stand stopped")
            }
            if context.interruptiblePause(micros: period).interrupted {
                stand.stop(.requested)
                waitForTheStop(stand, context: context)
                return standStatus(stand, headline: "stopped by a key")
            }
        }
    }

    /// Waits (at most a command period and a poll) until the stand's thread has sent the stop
    /// asked, then for the event pump to take its `stand.stopped` line, so it comes before the answer.
    private static func waitForTheStop(_ stand: StandRuntime, context: ShellContext) {
        let limit = stand.description.commandPeriodMicros + StandDriver.stopPollMicros
        var waited: Int64 = 0
        while waited < limit, !(stand.driver?.snapshot().stopped ?? true) {
            context.controller.pause(micros: StandDriver.stopPollMicros)
            waited += StandDriver.stopPollMicros
        }
        context.controller.pause(micros: 2 * LoopRuntime.pumpIntervalMicros)
        context.controller.flushEvents()
    }

    /// `stand`'s answer: model, port, state, travel, force, homed, the last stop.
    private static func standStatus(_ stand: StandRuntime, headline: String? = nil) -> CommandReply {
        let description = stand.description
        let snapshot = stand.driver?.snapshot() ?? StandSnapshot()
        let port = stand.simulator.map { "simulated on \($0.devicePath)" } ?? description.device ?? "-"
        let travel = snapshot.travel.map(StandTravelText.readable) ?? "unknown"
        let force = snapshot.force.map { "\($0)" } ?? "unknown"
        var lines = [
            (headline.map { "\($0): " } ?? "") + "\(description.model.partName), \(port)",
            "state \(snapshot.state.rawValue)\(snapshot.homed ? "" : ", not homed"), travel \(travel), force \(force)",
            "limits: travel \(StandTravelText.readable(description.travelLimits.lowerBound))…\(StandTravelText.readable(description.travelLimits.upperBound)),"
                + " speed ≤ \(StandTravelText.readableSpeed(description.maxSpeed)), force < \(description.forceLimit)",
        ]
        if let last = snapshot.lastStop { lines.append("last stop: \(last.description)") }
        return CommandReply(
            lines: lines,
            fields: [
                ("model", .string(description.model.rawValue)), ("port", .string(port)), ("state", .string(snapshot.state.rawValue)),
                ("homed", .bool(snapshot.homed)), ("travel_mm", snapshot.travel.map { .decimal($0, places: 3) } ?? .null),
                ("force_g", snapshot.force.map { .grams($0) } ?? .null), ("force_limit_g", .grams(description.forceLimit)),
                ("answers", .int(Int64(snapshot.answers))), ("last_stop", snapshot.lastStop.map { .string($0.name) } ?? .null),
                ("last_stop_message", snapshot.lastStop.map { .string($0.description) } ?? .null),
            ])
    }
}
