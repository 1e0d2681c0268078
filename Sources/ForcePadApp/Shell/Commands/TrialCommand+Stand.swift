import ForcePadCore
import ForcePadHAL
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    /// `stand speed SPEED depth FORCE|TRAVEL [dwell DURATION] [return TRAVEL]` after `trial
    /// start N`: the presses the stand makes, checked against the board's limits.
    static func standCycles(_ arguments: inout ArgumentCursor, presses: Int, context: ShellContext) throws(CommandFailure) -> StandCycles {
        guard let stand = context.services.stand, let driver = stand.driver else {
            throw CommandFailure("this board has no test stand: add a [stand] section to its board file (docs/test-stand.md)")
        }
        var speed: Int64?
        var depth: StandCycles.Depth?
        var dwell: Int64 = 0
        var returnTravel = stand.description.travelLimits.lowerBound
        while let word = arguments.peek, !word.hasPrefix("name=") {
            if arguments.accept("speed") {
                speed = try arguments.speedMicrometresPerMinute("speed")
            } else if arguments.accept("depth") {
                let text = try arguments.word("depth")
                if case .success(let force) = QuantityParser.force(text) {
                    depth = .force(force)
                } else {
                    switch QuantityParser.travelMicrometres(text) {
                    case .success(let travel): depth = .travel(travel)
                    case .failure: throw CommandFailure("depth: '\(text)' is neither a force (300g) nor a travel (3.5mm)")
                    }
                }
            } else if arguments.accept("dwell") {
                dwell = try arguments.durationMicros("dwell")
            } else if arguments.accept("return") {
                returnTravel = try arguments.travelMicrometres("return travel")
            } else {
                throw CommandFailure("unexpected '\(word)': expected speed, depth, dwell, return or name=NAME; usage: \(arguments.usage)")
            }
        }
        guard let speed else { throw CommandFailure("a stand trial needs 'speed SPEED', e.g. speed 120mm/min") }
        guard let depth else { throw CommandFailure("a stand trial needs 'depth FORCE' or 'depth TRAVEL', e.g. depth 300g") }
        let cycles = StandCycles(count: presses, speed: speed, depth: depth, dwellMicros: dwell, returnTravel: returnTravel)
        do {
            try driver.check(.cycles(cycles))
        } catch {
            throw CommandFailure(error.description)
        }
        return cycles
    }

    /// How `cycles` reads in `trial start`'s answer: `by the stand at 120mm/min to 300g, 200ms dwell, back to 1.5mm`.
    static func describe(_ cycles: StandCycles) -> String {
        let depth: String = switch cycles.depth {
        case .force(let force): "\(force)"
        case .travel(let travel): StandTravelText.readable(travel)
        }
        return "by the stand at \(StandTravelText.readableSpeed(cycles.speed)) to \(depth), "
            + "\(FixedDecimal.format(cycles.dwellMicros, scale: 3))ms dwell, back to \(StandTravelText.readable(cycles.returnTravel))"
    }
}

extension ShellCommand where Context == ShellContext {
    /// Has the board's stand make `cycles` for trial `name`, whose recording has started; the
    /// recording is stopped when the stand refuses.
    static func pressByStand(_ cycles: StandCycles, trial name: String, context: ShellContext) throws(CommandFailure) {
        guard let stand = context.services.stand, let driver = stand.driver else { return }
        do {
            try driver.ask(.cycles(cycles))
        } catch {
            _ = try context.services.lab.stop(controller: context.controller, reason: "command")
            throw CommandFailure(error.description)
        }
        stand.pressing(trial: name)
    }

    /// Ends the running stand trial when its stand has stopped before its presses were done (a
    /// fault, or a stop asked), with the stop's reason, so it is reported INCOMPLETE rather than
    /// waited for; does nothing otherwise.
    static func endTrialIfTheStandStopped(_ context: ShellContext) throws(CommandFailure) {
        let lab = context.services.lab
        guard let running = lab.running, running.trialPresses > 0, let stand = context.services.stand,
            let stop = stand.stopped(pressing: running.name)
        else { return }
        _ = try lab.stop(controller: context.controller, reason: "stand stopped (\(stop.name))")
    }

    /// `trial wait`: waits until the running trial has all its presses (or stopped), at most
    /// `limitMicros`; events keep printing.
    static func waitForTrial(limitMicros: Int64, context: ShellContext) throws(CommandFailure) -> CommandReply {
        let lab = context.services.lab
        var waited: Int64 = 0
        while true {
            try endTrialIfTheStandStopped(context)
            try lab.collectFinishedCapture()
            guard let running = lab.running, running.trialPresses > 0 else {
                let last = lab.lastTrial
                return CommandReply(
                    lines: [last.map { "trial \($0) has ended; trial report shows it" } ?? "no trial running"],
                    fields: [("trial", last.map { .string($0) } ?? .null), ("ended", .bool(true)), ("waited_us", .int(waited))])
            }
            guard waited < limitMicros else {
                throw CommandFailure("trial \(running.name) has \(running.ended) of \(CountText.of(running.trialPresses, "press")) after \(QuantityText.duration(waited)); still running")
            }
            let (elapsed, interrupted) = context.interruptiblePause(micros: min(100_000, limitMicros - waited))
            waited += elapsed
            context.controller.flushEvents()
            if interrupted {
                return CommandReply(
                    lines: ["wait interrupted: trial \(running.name) has \(running.ended) of \(CountText.of(running.trialPresses, "press"))"],
                    fields: [("trial", .string(running.name)), ("ended", .bool(false)), ("waited_us", .int(waited))])
            }
        }
    }
}
