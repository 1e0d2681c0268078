import ForcePadCore
import ForcePadLabFiles
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    /// `trial resume NAME [name=PART]`: continues trial NAME, cut short by a kill, a power
    /// cut, a stand that stopped or a stop asked, in a new recording (a part) that counts the
    /// presses left, made the way the trial's were (by its stand when it had one). The parts
    /// are reported as one trial (``TrialParts``). Refused while something is recorded, when
    /// the trial has all its presses, and when the settings now differ from those the trial
    /// was made with (its verdict could not stand).
    static func resumeTrial(_ arguments: inout ArgumentCursor, context: ShellContext) throws(CommandFailure) -> CommandReply {
        let controller = context.controller
        let lab = context.services.lab
        try lab.collectFinishedCapture()
        let given = try arguments.word("trial name")
        var chosenName: String?
        if let option = arguments.peek {
            guard option.hasPrefix("name=") else { throw CommandFailure("unexpected '\(option)': expected name=PART; usage: \(arguments.usage)") }
            chosenName = String(option.dropFirst(5))
            _ = try arguments.word("name")
        }
        try arguments.end()
        if let running = lab.running { throw CommandFailure("'\(running.name)' is being recorded; stop it first (record stop or trial stop)") }
        let trial = try TrialParts(name: given, paths: lab.paths)
        let first = trial.parts[0].info
        guard let requested = first.trialPresses else {
            throw CommandFailure("'\(trial.trialName)' is a recording, not a trial: only a trial's presses are resumed")
        }
        var done = 0
        for part in trial.parts { done += try Recording.finishedPressCount(name: part.name, paths: lab.paths) }
        guard done < requested else {
            throw CommandFailure("trial \(trial.trialName) has all \(CountText.of(requested, "press")); nothing to resume: trial report \(trial.trialName)")
        }
        let last = trial.parts[trial.parts.count - 1].name
        let plan = TrialPlan(stand: first.stand, resumes: last, pressesBefore: done)
        let now = LabSession.describe(
            name: "", started: "", trialPresses: requested - done, referencePeriodMicros: context.services.reference?.samplePeriodMicros,
            controller: controller, plan: plan)
        if let field = first.settingDifference(from: now) {
            throw CommandFailure(
                "the settings now differ from those trial \(trial.trialName) was made with (\(field)); set them back as "
                    + "\(lab.paths.info(trial.trialName)) gives them, or start a new trial")
        }
        let name = chosenName ?? "\(trial.trialName)-\(trial.parts.count + 1)"
        let cycles = try first.stand.map { stand throws(CommandFailure) in try Self.checkedResumption(stand.cycles(count: requested - done), context: context) }
        try lab.start(
            name: name, trialPresses: requested - done, referencePeriodMicros: context.services.reference?.samplePeriodMicros,
            controller: controller, plan: plan)
        if let cycles { try Self.pressByStand(cycles, trial: name, context: context) }
        let pressedBy = cycles.map { " " + Self.describe($0) } ?? ""
        return CommandReply(
            lines: [
                "trial \(trial.trialName) resumed as \(name): \(done) of \(CountText.of(requested, "press")) done; counting the next "
                    + "\(CountText.of(requested - done, "press"))\(pressedBy) (tared); trial report \(trial.trialName) when done"
            ],
            fields: [
                ("action", .string("resume")), ("trial", .string(trial.trialName)), ("name", .string(name)), ("resumes", .string(last)),
                ("presses_before", .int(Int64(done))), ("presses", .int(Int64(requested - done))), ("stand", .bool(cycles != nil)),
            ])
    }

    /// `cycles` checked against the board's stand, which a trial made by a stand needs.
    private static func checkedResumption(_ cycles: StandCycles, context: ShellContext) throws(CommandFailure) -> StandCycles {
        guard let driver = context.services.stand?.driver else {
            throw CommandFailure("the trial was pressed by a test stand and this board has none: use the board file it was made with")
        }
        do {
            try driver.check(.cycles(cycles))
        } catch {
            throw CommandFailure(error.description)
        }
        return cycles
    }
}
