import ForcePadCore
import ForcePadHAL

/// The control loop's wake-up lateness next to cyclictest's on this machine: rounds of the
/// loop on the sim board (``SimLoopRun``) and of cyclictest alternate, so both sides see the
/// same background load, and each side's histograms are summed over its rounds. cyclictest
/// gets the scheduling the loop thread was granted, on the same CPU. The CPU wake-up latency is held at 0 µs
/// for the whole comparison (``CPUWakeLatencyRequest``), as cyclictest does for its own run.
struct LatenessComparison {
    /// Rounds per side: enough to spread both over the same minutes, few enough that start-up
    /// is negligible (5 000 periods per round idle, 1 000 under a load, at the default lengths).
    /// A shared machine stalls both sides for milliseconds now and then, in bursts; with 10
    /// rounds a burst could land on one side's round and decide a p99.9 resting on tens of
    /// samples, so the rounds are short.
    static let rounds = 20

    /// The loop's lateness in rounds where the reference sensor is read on its own thread
    /// meanwhile (each round runs the loop without it, with it, with the accelerometer, then cyclictest).
    private(set) var loopWithReferenceLateness = LatencyHistogram()
    private(set) var loopWithReferenceMissedPeriods: UInt64 = 0
    /// The same with the accelerometer read at 3200 Hz on its own thread instead.
    private(set) var loopWithAccelerometerLateness = LatencyHistogram()
    private(set) var loopWithAccelerometerMissedPeriods: UInt64 = 0
    /// The loop's lateness and its stage-to-line latency, over all its rounds.
    private(set) var loopLateness = LatencyHistogram()
    private(set) var stageLatency = LatencyHistogram()
    /// Periods the loop ran and skipped, and its `overrun` events, over all its rounds.
    private(set) var loopPeriods: UInt64 = 0
    private(set) var loopMissedPeriods: UInt64 = 0
    private(set) var loopOverruns = 0
    /// Page faults the loop threads took while running their periods (minor, major).
    private(set) var loopPageFaults = (minor: 0, major: 0)
    /// How the loop thread was scheduled (in its first round; every round asks the same).
    private(set) var realTime = RealTimeOutcome(fifoPriority: nil, cpu: nil, memoryLocked: false, warnings: [])
    private(set) var cyclictest = CyclictestHistogram(limitMicros: CyclictestRun.histogramLimitMicros)
    private(set) var cyclictestArguments: [String] = []
    private(set) var cyclictestRemarks: [String] = []
    /// Why cyclictest did not run, if it did not (the loop's rounds still run).
    private(set) var cyclictestFailure: String?
    /// Why the wake-up latency could not be held, or nil.
    let wakeLatencyRefusal: String?

    /// Runs `periods` periods of `periodMicros` per side, the loop asking for `request`.
    init(periods: Int, periodMicros: Int, request: RealTimeRequest) throws {
        let hold = CPUWakeLatencyRequest()
        defer { withExtendedLifetime(hold) {} }
        wakeLatencyRefusal = hold.refusal
        let rounds = min(Self.rounds, periods)
        // The CPU the first round got is kept for every round, on both sides.
        var request = request
        for round in 0..<rounds {
            let roundPeriods = periods / rounds + (round < periods % rounds ? 1 : 0)
            let run = try SimLoopRun(periods: roundPeriods, request: request)
            if round == 0 {
                realTime = run.realTime
                if let cpu = run.realTime.cpu { request.placement = .pinned(cpu) }
            }
            loopLateness.add(run.latencies.lateness)
            stageLatency.add(run.latencies.stageLatency)
            loopPeriods += run.snapshot.counters.ticks
            loopMissedPeriods += run.snapshot.counters.missedPeriods
            loopOverruns += run.overruns
            loopPageFaults.minor += run.pageFaults.minor
            loopPageFaults.major += run.pageFaults.major
            let withReference = try SimLoopRun(periods: roundPeriods, request: request, companion: .referenceLoadCell)
            loopWithReferenceLateness.add(withReference.latencies.lateness)
            loopWithReferenceMissedPeriods += withReference.snapshot.counters.missedPeriods
            let withAccelerometer = try SimLoopRun(periods: roundPeriods, request: request, companion: .accelerometer)
            loopWithAccelerometerLateness.add(withAccelerometer.latencies.lateness)
            loopWithAccelerometerMissedPeriods += withAccelerometer.snapshot.counters.missedPeriods
            guard cyclictestFailure == nil else { continue }
            do {
                let ran = try CyclictestRun(
                    periods: roundPeriods, periodMicros: periodMicros, policy: realTime,
                    tunesPowerManagement: hold.refusal == nil, into: &cyclictest)
                if round == 0 {
                    cyclictestArguments = ran.arguments
                    cyclictestRemarks = ran.remarks
                }
            } catch {
                cyclictestFailure = error.description
            }
        }
    }

    /// The table rows of this comparison under `condition` (idle, or the load's name): both
    /// sides' lateness and the ratio of their p99.9, a timing row reported against 1.5×.
    func rows(condition: String, periodsName: String) -> [BenchmarkRow] {
        guard let loop = LatencyPercentiles(loopLateness) else {
            return [BenchmarkRow("loop lateness, \(condition)", value: "no period ran", target: "measured", verdict: .fail)]
        }
        var rows = [BenchmarkRow("loop lateness, \(condition), \(periodsName)", value: loop.summary)]
        rows += companionRows(
            read: "the reference sensor read", name: "the reference sensor", lateness: loopWithReferenceLateness,
            skipped: loopWithReferenceMissedPeriods, loop: loop, condition: condition, periodsName: periodsName)
        rows += companionRows(
            read: "the accelerometer read at 3200 Hz", name: "the accelerometer", lateness: loopWithAccelerometerLateness,
            skipped: loopWithAccelerometerMissedPeriods, loop: loop, condition: condition, periodsName: periodsName)
        if cyclictestFailure != nil {
            rows.append(BenchmarkRow("cyclictest lateness, \(condition)", value: "not run", target: "measured", verdict: .fail))
        } else if let cyclictest = cyclictest.percentiles {
            rows.append(BenchmarkRow("cyclictest lateness, \(condition), \(periodsName)", value: cyclictest.summary))
            let ratio = Double(loop.p999Micros) / Double(max(cyclictest.p999Micros, 1))
            rows.append(BenchmarkRow(
                "loop p99.9 / cyclictest p99.9, \(condition)", value: DecimalText.format(ratio, places: 2),
                timingTarget: "<= \(DecimalText.format(Self.ratioTarget, places: 2))", meets: ratio <= Self.ratioTarget))
        }
        return rows
    }

    /// The loop's lateness with a device read beside it (`read`, e.g. `the reference sensor
    /// read`), and the ratio of its p99.9 to the loop's alone (`loop`), a timing row; none when
    /// no such round ran.
    private func companionRows(
        read: String, name: String, lateness: LatencyHistogram, skipped: UInt64, loop: LatencyPercentiles, condition: String,
        periodsName: String
    ) -> [BenchmarkRow] {
        guard let with = LatencyPercentiles(lateness) else { return [] }
        let ratio = Double(with.p999Micros) / Double(max(loop.p999Micros, 1))
        return [
            BenchmarkRow("loop lateness with \(read), \(condition), \(periodsName)", value: with.summary + ", \(skipped) periods skipped"),
            BenchmarkRow(
                "loop p99.9 with / without \(name), \(condition)", value: DecimalText.format(ratio, places: 2),
                timingTarget: "<= \(DecimalText.format(Self.ratioTarget, places: 2))", meets: ratio <= Self.ratioTarget),
        ]
    }

    /// The loop's p99.9 lateness may be at most this multiple of cyclictest's (idle and loaded).
    static let ratioTarget = 1.5
}
