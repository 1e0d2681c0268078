import ForcePadCore
import ForcePadHAL
import ForcePadReference
import Glibc

// forcepad-bench: the cost, delay and allocation figures of the pipeline, each compared
// with its target in the same run. `make bench` builds it in release mode and runs it.

let cellCount = BenchmarkFrames.cellCount
let geometry = PadGeometry.strip(cells: cellCount)
let calibrations = Array(repeating: SimBoard.calibration, count: cellCount)
let standardFilter = ControllerSettings.standard.filter
var biquadFilter = standardFilter
biquadFilter.kind = .biquad
let filterName = "\(DecimalText.format(Double(standardFilter.cutoffMilliHertz) / 1000, places: 0)) Hz"
let onePoleSettings = SimBoard.pipelineSettings(filter: standardFilter)
let biquadSettings = SimBoard.pipelineSettings(filter: biquadFilter)
var table = BenchmarkTable()

// Cost per 8-channel frame: rounds alternate between the four chains so that clock-speed
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
        target: "<= \(DecimalText.format(costTarget, places: 0))", meets: fixed <= costTarget))
    table.append(BenchmarkRow(
        "Float reference, \(name) \(filterName), ns per 8-channel frame", value: DecimalText.format(float, places: 1)))
    table.append(BenchmarkRow(
        "fixed / Float, \(name)", value: DecimalText.format(fixed / float, places: 2), target: "<= 1.00",
        meets: fixed <= float))
}

// Detection delay: a 0 → 400 g step through the default settings, to the default peek threshold.
let step = Force.grams(400)
let peek = ControllerSettings.standard.thresholds.peek
let frameMillis = 1000.0 / Double(SimBoard.board().sampleRateHz)
let delayTargetMillis = 5.0
let delayTarget = "<= \(DecimalText.format(delayTargetMillis, places: 1)) ms"
for (name, settings, hasTarget) in [("one-pole", onePoleSettings, true), ("biquad", biquadSettings, false)] {
    let measure = "detection delay, \(name) \(filterName), 0 -> \(step) step to \(peek)"
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
for (name, settings) in [("one-pole", onePoleSettings), ("biquad", biquadSettings)] {
    let frames = BenchmarkFrames.make()
    var pipeline = ForcePipeline(calibrations: calibrations, geometry: geometry, settings: settings)
    for frame in frames { allocationChecksum &+= Int64(pipeline.process(frame).total.milligrams) }
    let allocations = AllocationCount.during {
        for index in 0..<allocationFrames {
            allocationChecksum &+= Int64(pipeline.process(frames[index & (frames.count - 1)]).total.milligrams)
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

print("forcepad-bench: \(cellCount)-channel frames, default settings at \(SimBoard.board().sampleRateHz) Hz; cost is the fastest of \(rounds) rounds of \(meter.framesPerRound) frames per chain")
print(table.printed())
print("checksum \(meter.checksum &+ allocationChecksum)")
exit(table.failed ? 1 : 0)
