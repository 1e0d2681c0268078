/// Instructions of one whole loop period on the sim board (``LoopPeriodRun``: the real
/// ``ControlLoop`` with the simulated pad and line, default settings, a press every 500 ms,
/// nobody reading the snapshot; and, for context, with it asked for every period) next to
/// the pipeline alone on the same board (``ChainRun`` on the sim board's 4-cell strip,
/// default one-euro filter), counted with callgrind the way ``InstructionCount`` counts a frame.
/// Where the period goes comes from callgrind's inclusive cost per function; the C side's
/// estimate of the work no loop can avoid is the competent C chain's pipeline on the same
/// frames plus the recogniser's share (ForcePad's: it has no C twin).
struct LoopPeriodComparison {
    /// The whole period must cost at most this multiple of the pipeline alone.
    static let target = 2.0
    /// Periods of the first run (two press cycles) and periods added in the second (32 more).
    static let basePeriods = 1_000
    static let measuredPeriods = 16_000
    /// The sim board's layout.
    static let geometry = BenchmarkGeometry.strip4

    /// The parts of a period, each the functions (found by a part of their demangled names)
    /// whose inclusive cost it is; what none of them holds is "the rest", which holds too
    /// what the loop does inline for them (the recogniser's idle frames, the menu's and the
    /// scheduler's quiet periods).
    static let parts: [(name: String, functions: [String])] = [
        ("reading the frame (simulated pad)", ["ForcePadHAL.SimulatedPad.read(into:"]),
        ("pipeline", ["ForcePadCore.ForcePipeline.process("]),
        ("press recogniser and quick-action menu", ["ForcePadCore.PressRecognizer.updatePressed(", "ForcePadCore.QuickActionMenu.updateEngaged("]),
        ("haptic scheduler and line", [
            "ForcePadCore.HapticScheduler.advancePlaying(", "ForcePadCore.HapticScheduler.dropPlaybackHeldUntilReleased(", "driveLine",
        ]),
    ]

    private(set) var rows: [BenchmarkRow] = []
    private(set) var notes: [String] = []

    /// `build` holds the C chain's programs (bench/reference-chain.c), nil if they were not built.
    init(build: ReferenceChainBuild?) {
        let directory = ReferenceChainBuild.directory
        let measure = "instructions per loop period, sim board (ControlLoop.tick, sim source and line, no snapshot asked for)"
        guard let program = InstructionComparison.strippedCopy() else {
            rows.append(BenchmarkRow(measure, value: "not counted", target: "counted", verdict: .fail))
            notes.append("\(measure): objcopy --strip-debug failed; install binutils")
            return
        }
        let chain = BenchmarkChainSettings.oneEuro
        let framesPath = "\(directory)/frames-\(Self.geometry.name).i64"
        let parametersPath = "\(directory)/parameters-\(chain.name)-\(Self.geometry.name).i64"
        do {
            try ScratchFile.write(ReferenceChainInput.frames(BenchmarkFrames.make(geometry: Self.geometry.pad)), to: framesPath)
            try ScratchFile.write(
                ReferenceChainInput.parameters(settings: chain.settings, calibrations: Self.geometry.calibrations, rows: Self.geometry.rows),
                to: parametersPath)
        } catch {
            rows.append(BenchmarkRow(measure, value: "not counted", target: "counted", verdict: .fail))
            notes.append("\(measure): \(error.description)")
            return
        }
        let period: InstructionCount
        let asked: InstructionCount
        let pipeline: InstructionCount
        do {
            period = try InstructionCount(
                [program.path, LoopPeriodRun.command], environment: program.environment,
                scratchPath: "\(directory)/callgrind-loop.out", base: Self.basePeriods, measured: Self.measuredPeriods)
            asked = try InstructionCount(
                [program.path, LoopPeriodRun.command, "1"], environment: program.environment,
                scratchPath: "\(directory)/callgrind-loop-asked.out", base: Self.basePeriods, measured: Self.measuredPeriods)
            pipeline = try InstructionCount(
                [program.path, ChainRun.command, chain.name, Self.geometry.name, framesPath], environment: program.environment,
                scratchPath: "\(directory)/callgrind-forcepad.out")
        } catch {
            rows.append(BenchmarkRow(measure, value: "not counted", target: "counted", verdict: .fail))
            notes.append("\(measure): \(error.description)")
            return
        }
        rows.append(BenchmarkRow(measure, value: DecimalText.format(period.perFrame, places: 1)))
        rows.append(BenchmarkRow(
            "instructions per loop period, sim board, the snapshot asked for every period (as a replay does)",
            value: DecimalText.format(asked.perFrame, places: 1)))
        do {
            let shorter = try CallgrindFunctionCosts(period.baseOutput)
            let longer = try CallgrindFunctionCosts(period.measuredOutput)
            var counted = 0.0
            for part in Self.parts {
                let cost = CallgrindFunctionCosts.perUnit(part.functions, shorter: shorter, longer: longer, units: Self.measuredPeriods)
                counted += cost
                rows.append(BenchmarkRow("  of which \(part.name)", value: DecimalText.format(cost, places: 1)))
            }
            rows.append(BenchmarkRow(
                "  of which the rest (commands, events, snapshot, copies)", value: DecimalText.format(period.perFrame - counted, places: 1)))
            let recogniser = CallgrindFunctionCosts.perUnit(Self.parts[2].functions, shorter: shorter, longer: longer, units: Self.measuredPeriods)
            if let build {
                var best: (compiler: String, perFrame: Double)?
                for (compiler, program) in build.plain {
                    let c = try InstructionCount([program, "plain", parametersPath, framesPath], scratchPath: "\(directory)/callgrind-c.out")
                    if c.perFrame < best?.perFrame ?? .infinity { best = (compiler.name, c.perFrame) }
                }
                if let best {
                    rows.append(BenchmarkRow(
                        "C-side estimate of the unavoidable work per period (competent C chain's pipeline, \(best.compiler), + ForcePad's recogniser)",
                        value: "\(DecimalText.format(best.perFrame, places: 1)) + \(DecimalText.format(recogniser, places: 1)) = \(DecimalText.format(best.perFrame + recogniser, places: 1))"))
                }
            }
        } catch {
            notes.append("loop period breakdown: \(error.description)")
        }
        rows.append(BenchmarkRow(
            "instructions per frame, ForcePad pipeline alone, sim board (4-cell strip, one-euro)",
            value: DecimalText.format(pipeline.perFrame, places: 1)))
        let ratio = period.perFrame / pipeline.perFrame
        rows.append(BenchmarkRow(
            "loop period / pipeline alone, sim board, instructions", value: DecimalText.format(ratio, places: 2),
            target: "<= \(DecimalText.format(Self.target, places: 2))", meets: ratio <= Self.target))
    }
}
