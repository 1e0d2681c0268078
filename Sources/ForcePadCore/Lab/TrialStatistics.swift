/// The statistics of a trial: what the thresholds really did over its presses.
public struct TrialStatistics: Sendable, Equatable {
    /// Finished presses counted (released or cancelled).
    public let presses: Int
    public let cancelled: Int
    /// Cancelled presses per finished press, 0…1 (0 when there were none).
    public let cancelRate: Double
    /// Highest total force of each press (mg): how hard the presses went.
    public let peak: SampleSummary?
    public let peek: StageStatistics
    public let pop: StageStatistics

    /// Statistics of the finished presses among `records` (unfinished ones are left out),
    /// against the `thresholds` the trial ran with.
    public init(records: [PressRecord], thresholds: Thresholds) {
        let finished = records.filter(\.isFinished)
        presses = finished.count
        cancelled = finished.filter(\.isCancelled).count
        cancelRate = presses > 0 ? Double(cancelled) / Double(presses) : 0
        peak = SampleSummary(finished.map { Int64($0.peakForce.milligrams) })
        peek = StageStatistics(stage: .peek, threshold: thresholds.peek, records: finished)
        pop = StageStatistics(stage: .pop, threshold: thresholds.pop, records: finished)
    }

    /// Peek and pop, in that order.
    public var stages: [StageStatistics] { [peek, pop] }

    /// Every limit that is set, checked against these statistics.
    public func check(_ limits: TrialLimits) -> [LimitCheck] {
        var checks: [LimitCheck] = []
        for (stage, tolerance) in [(peek, limits.peekTolerance), (pop, limits.popTolerance)] {
            guard let tolerance else { continue }
            let name = "\(stage.stage.rawValue) within ±\(tolerance) of \(stage.threshold)"
            if let overshoot = stage.overshoot {
                let worst = max(abs(overshoot.minimum), abs(overshoot.maximum))
                checks.append(LimitCheck(
                    name: name, measured: "worst \(Force(milligrams: Int32(clamping: worst)))",
                    passed: worst <= Int64(tolerance.milligrams)))
            } else {
                checks.append(LimitCheck(name: name, measured: "never fired", passed: false))
            }
        }
        for stage in stages {
            if let limit = limits.latencyP99Micros {
                checks.append(Self.latencyCheck("\(stage.stage.rawValue) latency p99 ≤ \(limit)us", stage.latencyP99Micros, limit))
            }
            if let limit = limits.latencyMaxMicros {
                checks.append(Self.latencyCheck("\(stage.stage.rawValue) latency max ≤ \(limit)us", stage.latencyMaxMicros, limit))
            }
        }
        if let limit = limits.cancelRatePermille {
            checks.append(LimitCheck(
                name: "cancel rate ≤ \(FixedDecimal.format(Int64(limit), scale: 3))",
                measured: "\(cancelled) of \(presses)", passed: cancelled * 1000 <= limit * presses))
        }
        if let limit = limits.maxChatter {
            let total = peek.chatter + pop.chatter
            checks.append(LimitCheck(name: "chatter ≤ \(limit)", measured: "\(total)", passed: total <= limit))
        }
        return checks
    }

    private static func latencyCheck(_ name: String, _ measured: Int64?, _ limit: Int64) -> LimitCheck {
        guard let measured else { return LimitCheck(name: name, measured: "no haptic edges", passed: false) }
        return LimitCheck(name: name, measured: "\(measured)us", passed: measured <= limit)
    }
}
