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

    /// Every limit that is set, checked against these statistics: per stage its tolerance
    /// (on the pad's force, or on the reference force at firing from `references` when its
    /// basis is `reference`), stage→line and crossing→line latency, the felt latency and peak acceleration (the
    /// accelerometer), then the cancel rate and chatter. A
    /// stage without limits is not judged.
    public func check(_ limits: TrialLimits, references: [StageReferenceComparison] = []) -> [LimitCheck] {
        var checks: [LimitCheck] = []
        for stage in stages {
            let stageLimits = limits.limits(of: stage.stage)
            let name = stage.stage.rawValue
            if let tolerance = stageLimits.tolerance, stageLimits.toleranceBasis == .reference {
                checks.append(Self.referenceToleranceCheck(
                    stage: stage, tolerance: tolerance, comparison: references.first { $0.stage == stage.stage }))
            } else if let tolerance = stageLimits.tolerance {
                let title = "\(name) within ±\(tolerance) of \(stage.threshold)"
                if let overshoot = stage.overshoot {
                    let worst = max(abs(overshoot.minimum), abs(overshoot.maximum))
                    checks.append(LimitCheck(
                        name: title, measured: "worst \(Force(milligrams: Int32(clamping: worst)))",
                        passed: worst <= Int64(tolerance.milligrams)))
                } else {
                    checks.append(LimitCheck(name: title, measured: "never fired", passed: false))
                }
            }
            if let limit = stageLimits.stageToLineP99Micros {
                checks.append(Self.latencyCheck("\(name) stage→line p99 ≤ \(limit)us", stage.latencyP99Micros, limit))
            }
            if let limit = stageLimits.stageToLineMaxMicros {
                checks.append(Self.latencyCheck("\(name) stage→line max ≤ \(limit)us", stage.latencyMaxMicros, limit))
            }
            if let limit = stageLimits.crossingToLineP99Micros {
                checks.append(Self.crossingCheck("\(name) crossing→line p99 ≤ \(limit)us", stage, stage.crossingToLineP99Micros, limit))
            }
            if let limit = stageLimits.crossingToLineMaxMicros {
                checks.append(Self.crossingCheck("\(name) crossing→line max ≤ \(limit)us", stage, stage.crossingToLineMaxMicros, limit))
            }
            if let limit = stageLimits.feltLatencyMaxMicros { checks.append(Self.feltLatencyCheck(stage, limit)) }
            if let limit = stageLimits.peakMinMilliG { checks.append(Self.peakCheck(stage, limit)) }
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

    /// The true force at every firing within threshold ± `tolerance`; a firing without a
    /// reference figure fails it (a force that was not measured cannot pass).
    private static func referenceToleranceCheck(
        stage: StageStatistics, tolerance: Force, comparison: StageReferenceComparison?
    ) -> LimitCheck {
        let name = "\(stage.stage.rawValue) true force within ±\(tolerance) of \(stage.threshold) (reference)"
        guard stage.fired > 0 else { return LimitCheck(name: name, measured: "never fired", passed: false) }
        guard let comparison else { return LimitCheck(name: name, measured: "no reference readings", passed: false) }
        let threshold = Int64(stage.threshold.milligrams)
        let worst = max(abs(comparison.reference.minimum - threshold), abs(comparison.reference.maximum - threshold))
        let missing = comparison.withoutReference
        return LimitCheck(
            name: name,
            measured: "worst \(Force(milligrams: Int32(clamping: worst)))" + (missing > 0 ? ", \(missing) firings without a reference reading" : ""),
            passed: worst <= Int64(tolerance.milligrams) && missing == 0)
    }

    /// A crossing→line limit; not measured (no firing with a reference crossing and a driven
    /// line) fails it, and the measured figure states its uncertainty.
    private static func crossingCheck(_ name: String, _ stage: StageStatistics, _ measured: Int64?, _ limit: Int64) -> LimitCheck {
        guard let measured, let uncertainty = stage.crossingUncertaintyMicros else {
            return LimitCheck(name: name, measured: "not measured: no firing with a reference crossing and a driven line", passed: false)
        }
        return LimitCheck(
            name: name, measured: "\(measured)us ±\(uncertainty)us over \(CountText.of(stage.crossings.count, "firing"))",
            passed: measured <= limit)
    }

    /// Every firing's felt latency at most `limit` (µs): a firing the accelerometer did not feel,
    /// or felt without a reference crossing, fails it (a latency not measured cannot pass).
    private static func feltLatencyCheck(_ stage: StageStatistics, _ limit: Int64) -> LimitCheck {
        let name = "\(stage.stage.rawValue) felt latency max ≤ \(limit)us"
        guard stage.fired > 0 else { return LimitCheck(name: name, measured: "never fired", passed: false) }
        let unmeasured = stage.fired - stage.felt.filter { $0.feltLatencyMicros != nil }.count
        guard let worst = stage.feltLatencyMaxMicros else {
            return LimitCheck(name: name, measured: "not measured: no firing felt by the accelerometer with a reference crossing", passed: false)
        }
        let missing = unmeasured > 0 ? ", \(CountText.of(unmeasured, "firing")) not measured" : ""
        return LimitCheck(name: name, measured: "\(worst)us\(missing)", passed: worst <= limit && unmeasured == 0)
    }

    /// Every firing's peak acceleration at least `limit` (milli-g): a firing without a felt
    /// measurement fails it.
    private static func peakCheck(_ stage: StageStatistics, _ limit: Int32) -> LimitCheck {
        let name = "\(stage.stage.rawValue) peak ≥ \(FixedDecimal.format(Int64(limit), scale: 3))g"
        guard stage.fired > 0 else { return LimitCheck(name: name, measured: "never fired", passed: false) }
        let unmeasured = stage.fired - stage.felt.count
        guard let lowest = stage.peakMinMilliG else {
            return LimitCheck(name: name, measured: "not measured: no accelerometer readings", passed: false)
        }
        let missing = unmeasured > 0 ? ", \(CountText.of(unmeasured, "firing")) not measured" : ""
        return LimitCheck(
            name: name, measured: "lowest \(FixedDecimal.format(Int64(lowest), scale: 3))g\(missing)", passed: lowest >= limit && unmeasured == 0)
    }

    private static func latencyCheck(_ name: String, _ measured: Int64?, _ limit: Int64) -> LimitCheck {
        guard let measured else { return LimitCheck(name: name, measured: "no driven pulses", passed: false) }
        return LimitCheck(name: name, measured: "\(measured)us", passed: measured <= limit)
    }
}
