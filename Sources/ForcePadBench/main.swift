import ForcePadCore
import ForcePadHAL
import ForcePadReference
import Glibc

// forcepad-bench: the cost, delay and allocation figures of the pipeline, the real loop's
// timing next to cyclictest, and the program's CPU and memory, each compared with its target
// in the same run. `make bench` builds it and `forcepad` in release mode and runs it.

/// A line on standard error saying what the benchmark is doing (the timing takes minutes).
func progress(_ text: String) {
    let line = "forcepad-bench: \(text)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// Prints one table alone, after its notes, and exits: 1 when a target was missed.
func printAlone(_ rows: [BenchmarkRow], notes: [String]) -> Never {
    var table = BenchmarkTable()
    for row in rows { table.append(row) }
    for line in notes { print(line) }
    print(table.printed())
    exit(table.failed ? 1 : 0)
}

// `forcepad-bench run-chain …` and `run-loop …` are ForcePad's sides of the instruction counts (run under callgrind).
// `forcepad-bench detection` prints the detection-quality table alone (seconds, not minutes).
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "detection" {
    progress("detection quality: \(DetectionTable.presses) corpus presses through \(DetectionTable.candidates.count) candidates")
    let detection = DetectionTable()
    printAlone(detection.rows(instructions: [:]), notes: detection.notes)
}
// `forcepad-bench loop-period` prints the whole loop period's table alone (a quarter of a minute),
// `forcepad-bench instructions` the instruction counts of every geometry alone (a few minutes).
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "instructions" {
    progress("instructions per frame: building the C reference chains, counting with callgrind")
    let instructions = InstructionComparison()
    printAlone(instructions.rows, notes: instructions.notes)
}
// `forcepad-bench shipped` the instruction counts of the packages' builds alone (amd64 and arm64, Swift 6.2).
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "shipped" {
    let shipped = ShippedInstructionComparison()
    printAlone(shipped.rows, notes: shipped.notes)
}
// `forcepad-bench cells` the instructions per frame from 4 to 256 cells alone (a few minutes).
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "cells" {
    progress("instructions per frame by cells: counting with callgrind")
    let cells = CellScalingComparison()
    printAlone(cells.rows, notes: cells.notes)
}
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "loop-period" {
    progress("instructions per loop period: counting with callgrind")
    let period = LoopPeriodComparison(build: try? ReferenceChainBuild())
    printAlone(period.rows, notes: period.notes)
}
if CommandLine.arguments.count > 1 {
    let rest = Array(CommandLine.arguments.dropFirst(2))
    switch CommandLine.arguments[1] {
    case ChainRun.command: exit(ChainRun.main(rest))
    case LoopPeriodRun.command: exit(LoopPeriodRun.main(rest))
    default:
        progress("unknown argument \(CommandLine.arguments[1]); run it without arguments (make bench), or with detection")
        exit(1)
    }
}

let cellCount = BenchmarkFrames.cellCount
let geometry = BenchmarkGeometry.strip8.pad
let calibrations = BenchmarkGeometry.strip8.calibrations
let filterName = "\(DecimalText.format(Double(BenchmarkChainSettings.onePole.filter.cutoffMilliHertz) / 1000, places: 0)) Hz"
let onePoleSettings = BenchmarkChainSettings.onePole.settings
let biquadSettings = BenchmarkChainSettings.biquad.settings
var table = BenchmarkTable()

// Instructions per frame, deterministic: ForcePad's chains against the C reference chains.
progress("instructions per frame: building the C reference chains, counting with callgrind")
let instructions = InstructionComparison()
for row in instructions.rows { table.append(row) }
let shipped = ShippedInstructionComparison()
for row in shipped.rows { table.append(row) }
progress("instructions per frame by cells: 4 to \(BoardDescription.maxCells) cells, counting with callgrind")
let cellScaling = CellScalingComparison()
for row in cellScaling.rows { table.append(row) }
progress("instructions per loop period: counting the sim board's whole period with callgrind")
let loopPeriod = LoopPeriodComparison(build: instructions.build)
for row in loopPeriod.rows { table.append(row) }

// Detection quality on the press corpus, deterministic: the default against the previous one.
progress("detection quality: \(DetectionTable.presses) corpus presses through \(DetectionTable.candidates.count) candidates")
let detection = DetectionTable()
for row in detection.rows(instructions: instructions.forcePadPerFrame) { table.append(row) }

// Time per 8-channel frame (timing rows, reported not judged): rounds alternate between the four chains so that clock-speed
// changes hit them alike; each figure is the fastest of its rounds, the cost with the least
// interference from other processes.
let rounds = 15
var meter = FrameCostMeasurement(frames: BenchmarkFrames.make(), framesPerRound: 200_000)
var fixedOnePole = ForcePipeline(calibrations: calibrations, geometry: geometry, settings: onePoleSettings)
var floatOnePole = ReferencePipeline<Float>(calibrations: calibrations, geometry: geometry, settings: onePoleSettings)
var fixedBiquad = ForcePipeline(calibrations: calibrations, geometry: geometry, settings: biquadSettings)
var floatBiquad = ReferencePipeline<Float>(calibrations: calibrations, geometry: geometry, settings: biquadSettings)
var costs: [[Double]] = Array(repeating: [], count: 4)
for round in 0...rounds {
    let measured = [
        meter.nanosecondsPerFrame(&fixedOnePole), meter.nanosecondsPerFrame(&floatOnePole),
        meter.nanosecondsPerFrame(&fixedBiquad), meter.nanosecondsPerFrame(&floatBiquad),
    ]
    // Round 0 warms caches and branch predictors and is not kept.
    if round > 0 { for chain in 0..<4 { costs[chain].append(measured[chain]) } }
}
let fastest = costs.map { $0.min()! }
let costTarget = 100.0
for (name, fixed, float) in [("one-pole", fastest[0], fastest[1]), ("biquad", fastest[2], fastest[3])] {
    table.append(BenchmarkRow(
        "fixed point, \(name) \(filterName), ns per 8-channel frame", value: DecimalText.format(fixed, places: 1),
        timingTarget: "<= \(DecimalText.format(costTarget, places: 0))", meets: fixed <= costTarget))
    table.append(BenchmarkRow(
        "Float reference, \(name) \(filterName), ns per 8-channel frame", value: DecimalText.format(float, places: 1)))
    table.append(BenchmarkRow(
        "fixed / Float, \(name), time", value: DecimalText.format(fixed / float, places: 2), timingTarget: "<= 1.00",
        meets: fixed <= float))
}

// Detection delay: a 0 → 400 g step to the default peek threshold, through the default
// settings (the one-euro filter, with the target) and the one-pole and biquad at 30 Hz.
let step = Force.grams(400)
let peek = ControllerSettings.standard.thresholds.peek
let frameMillis = 1000.0 / Double(SimBoard.board().sampleRateHz)
let delayTargetMillis = 5.0
let delayTarget = "<= \(DecimalText.format(delayTargetMillis, places: 1)) ms"
let delayChains = [
    ("one-euro (default)", BenchmarkChainSettings.oneEuro.settings, true), ("one-pole \(filterName)", onePoleSettings, false),
    ("biquad \(filterName)", biquadSettings, false),
]
for (name, settings, hasTarget) in delayChains {
    let measure = "detection delay, \(name), 0 -> \(step) step to \(peek)"
    var value = "never", millis = Double.infinity
    if let frames = DetectionDelay.frames(settings: settings, step: step, threshold: peek) {
        millis = Double(frames) * frameMillis
        value = "\(frames) samples = \(DecimalText.format(millis, places: 1)) ms"
    }
    if hasTarget {
        table.append(BenchmarkRow(measure, value: value, target: delayTarget, meets: millis <= delayTargetMillis))
    } else {
        table.append(BenchmarkRow(measure, value: value))
    }
}

// Allocations in steady state: each pipeline first runs once over the frames as warm-up.
let allocationFrames = 100_000
let interposerActive = AllocationCount.interposerIsActive()
table.append(BenchmarkRow(
    "allocation counter sees a deliberate allocation", value: interposerActive ? "yes" : "no", target: "yes",
    meets: interposerActive))
var allocationChecksum: Int64 = 0
for (name, settings) in [("one-pole", onePoleSettings), ("biquad", biquadSettings), ("one-euro", BenchmarkChainSettings.oneEuro.settings)] {
    var frames = BenchmarkFrames.make()
    var pipeline = ForcePipeline(calibrations: calibrations, geometry: geometry, settings: settings)
    for index in frames.indices { allocationChecksum &+= pipeline.totalMilligrams(processing: &frames[index]) }
    let allocations = AllocationCount.during {
        for index in 0..<allocationFrames {
            allocationChecksum &+= pipeline.totalMilligrams(processing: &frames[index & (frames.count - 1)])
        }
    }
    let perFrame = Double(allocations) / Double(allocationFrames)
    table.append(BenchmarkRow(
        "allocations per frame, pipeline \(name)", value: DecimalText.format(perFrame, places: 3), target: "0",
        meets: allocations == 0))
}
let tickAllocations = ControlLoopAllocations.perTick(ticks: allocationFrames)
table.append(BenchmarkRow(
    "allocations per tick, control loop on the sim board", value: DecimalText.format(tickAllocations, places: 3),
    target: "0", meets: tickAllocations == 0))

// Timing on the real clock, reported against its targets but not judged (the machine is
// shared; only the deterministic rows above fail the run): the control loop on the sim board
// and cyclictest with the scheduling the loop got, in alternating rounds, first on the machine
// as it is (`durations.periods` periods per side), then under each generated load: stress-ng at
// normal priority with a worker on every CPU (`durations.loadedPeriods` per side). The loop's
// p99.9 should stay within 1.5x cyclictest's, and on an idle machine it should skip no period.
// The stage-to-line latency comes from the first comparison's loop rounds, the simulated pad
// being pressed every 500 ms.
let durations = BenchmarkDurations.fromEnvironment()
guard let loads = BenchmarkLoad.fromEnvironment() else {
    progress("FORCEPAD_BENCH_LOADS: expected names from cpu, memory, io (comma-separated) or none")
    exit(1)
}
let periodMicros = 1_000_000 / SimBoard.board().sampleRateHz
let sideSeconds = durations.periods * periodMicros / 1_000_000
let loadedSideSeconds = durations.loadedPeriods * periodMicros / 1_000_000
progress("timing: the control loop and cyclictest in \(LatenessComparison.rounds) alternating rounds, \(durations.periods) periods of \(periodMicros) us per side (~\(sideSeconds) s each), then \(durations.loadedPeriods) per side under each of \(loads.count) loads (~\(loadedSideSeconds) s each), then forcepad for \(durations.processSeconds) s")
let loadBefore = LoadAverage.read()
// The loop thread is placed as `forcepad` places it (`--cpu auto`: the CPU with the fewest
// device interrupts) and cyclictest is pinned to the CPU it got (`-a N`), so both run on the
// same CPU; FORCEPAD_BENCH_CPU=N|any|auto places it as `forcepad --cpu` would.
var loopRequest = RealTimeRequest.standard
if let raw = getenv("FORCEPAD_BENCH_CPU") {
    guard let placement = LoopCPUPlacement(argument: String(cString: raw)) else {
        progress("FORCEPAD_BENCH_CPU: expected auto, any or a CPU number, as forcepad's --cpu")
        exit(1)
    }
    loopRequest.placement = placement
}
let comparison = try LatenessComparison(periods: durations.periods, periodMicros: periodMicros, request: loopRequest)
let periodsName = "\(durations.periods) periods of \(periodMicros) us"
for row in comparison.rows(condition: "idle", periodsName: periodsName) { table.append(row) }
var policyLines = ["loop thread: \(comparison.realTime.summary) (asked: SCHED_FIFO \(RealTimeRequest.defaultFIFOPriority), memory locked, --cpu \(loopRequest.placement))"]
if let choice = comparison.realTime.cpuChoice { policyLines.append("  device interrupts since boot: \(choice)") }
policyLines += comparison.realTime.warnings.map { "  warning: \($0)" }
if let failure = comparison.cyclictestFailure {
    policyLines.append("cyclictest:  \(failure)")
} else {
    policyLines.append("cyclictest:  \(comparison.realTime.summary) (\(comparison.cyclictestArguments.joined(separator: " ")), per round)")
    policyLines += comparison.cyclictestRemarks.map { "  cyclictest says: \($0)" }
}
policyLines.append("load average before the timing: \(loadBefore); after the idle rounds: \(LoadAverage.read()); loop thread page faults \(comparison.loopPageFaults.minor) minor, \(comparison.loopPageFaults.major) major")
policyLines.append("cpu wake-up latency: " + (comparison.wakeLatencyRefusal.map { "not requested (\($0)); cyclictest told the same (--default-system)" }
    ?? "0 us requested (/dev/cpu_dma_latency) for both sides, as cyclictest does by default"))
// The loop skips a period when it wakes two periods late; cyclictest's wake-ups as late show
// whether the machine let any thread wake in time.
let cyclictestStalls = comparison.cyclictestFailure == nil ? comparison.cyclictest.samples(atLeast: 2 * periodMicros) : 0
table.append(BenchmarkRow(
    "loop overruns in \(comparison.loopPeriods) periods (periods skipped), idle", value: "\(comparison.loopOverruns) (\(comparison.loopMissedPeriods))",
    timingTarget: "0", meets: comparison.loopMissedPeriods == 0))
if comparison.cyclictestFailure == nil {
    table.append(BenchmarkRow("cyclictest wake-ups >= 2 periods late (would skip), idle", value: "\(cyclictestStalls)"))
}
let loadedPeriodsName = "\(durations.loadedPeriods) periods of \(periodMicros) us"
for load in loads {
    // Bounds stress-ng should the benchmark stop meanwhile: both sides, with room for start-up.
    let seconds = 2 * loadedSideSeconds + 120
    do {
        let running = try BenchmarkLoad.Running(load, seconds: seconds)
        progress("timing under a \(load.name) load: \(running.command.joined(separator: " "))")
        let loaded: LatenessComparison
        do {
            loaded = try LatenessComparison(periods: durations.loadedPeriods, periodMicros: periodMicros, request: loopRequest)
        } catch {
            running.stop()
            throw error
        }
        let loadDuring = LoadAverage.read()
        running.stop()
        for row in loaded.rows(condition: "\(load.name) load", periodsName: loadedPeriodsName) { table.append(row) }
        policyLines.append("\(load.name) load: \(running.command.joined(separator: " ")) at normal priority; load average at its end: \(loadDuring); loop overruns \(loaded.loopOverruns) (\(loaded.loopMissedPeriods) periods skipped), loop thread page faults \(loaded.loopPageFaults.minor) minor, \(loaded.loopPageFaults.major) major")
    } catch {
        table.append(BenchmarkRow("loop and cyclictest lateness, \(load.name) load", value: "not run", target: "measured", verdict: .fail))
        policyLines.append("\(load.name) load: \(error)")
    }
}
if let stages = LatencyPercentiles(comparison.stageLatency) {
    table.append(BenchmarkRow(
        "stage->line latency (stage_to_line_us), \(stages.samples) stages (sim line)", value: "p50 \(stages.p50Micros) / p99 \(stages.p99Micros) us"))
    for row in detection.lineRows(stageToLineP99Micros: stages.p99Micros) { table.append(row) }
} else {
    table.append(BenchmarkRow("stage->line latency (stage_to_line_us)", value: "no stage fired", target: "measured", verdict: .fail))
}

// The whole program: CPU and peak memory of `forcepad --board sim` at 1 kHz.
do {
    let usage = try ForcepadProcessUsage(seconds: durations.processSeconds)
    let ran = "\(DecimalText.format(usage.seconds, places: 0)) s"
    table.append(BenchmarkRow("forcepad CPU, sim board at 1 kHz for \(ran), % of one core", value: DecimalText.format(usage.cpuPercentOfOneCore, places: 2)))
    table.append(BenchmarkRow("forcepad peak memory (VmHWM), MiB", value: DecimalText.format(usage.peakResidentMiB, places: 1)))
    policyLines.append("forcepad: \(usage.command.joined(separator: " ")); its loop ran \(usage.periods.map(String.init) ?? "?") periods, \(usage.missedPeriods.map(String.init) ?? "?") skipped")
} catch {
    table.append(BenchmarkRow("forcepad CPU and memory", value: "not run", target: "measured", verdict: .fail))
    policyLines.append("forcepad: \(error.description)")
}

print("forcepad-bench: \(cellCount)-channel frames, default settings at \(SimBoard.board().sampleRateHz) Hz; cost is the fastest of \(rounds) rounds of \(meter.framesPerRound) frames per chain")
for line in instructions.notes + shipped.notes + cellScaling.notes + loopPeriod.notes + detection.notes + policyLines { print(line) }
if !durations.isStandard { print("shortened by FORCEPAD_BENCH_PERIODS / FORCEPAD_BENCH_SECONDS: the targets are stated for \(BenchmarkDurations.standardPeriods) periods and \(BenchmarkDurations.standardProcessSeconds) s") }
print(table.printed())
print("checksum \(meter.checksum &+ allocationChecksum)")
exit(table.failed ? 1 : 0)
