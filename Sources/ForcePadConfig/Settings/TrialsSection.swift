import ForcePadCore

/// `[trials]`, `[trials.peek]` and `[trials.pop]`: the pass/fail limits a trial stores when
/// it starts and `trial report` and `report` check. Every key is optional; a limit left out
/// is not checked, a stage without limits is not judged, and with none set there is no
/// PASS or FAIL.
enum TrialsSection {
    /// Keys of the first format, which judged both stages with one latency limit.
    private static let renamed = [
        "peek_tolerance": "[trials.peek] tolerance", "pop_tolerance": "[trials.pop] tolerance",
        "latency_p99": "stage_to_line_p99 in [trials.peek] and [trials.pop]",
        "latency_max": "stage_to_line_max in [trials.peek] and [trials.pop]",
    ]

    static func read(_ table: TableReader?) throws(ConfigError) -> TrialLimits {
        guard let table else { return .none }
        for (old, new) in renamed.sorted(by: { $0.key < $1.key }) where table.has(old) {
            throw table.error(old, "this limit is now \(new), one per stage, so a stage can be judged alone")
        }
        var limits = TrialLimits()
        limits.peek = try readStage(table.table("peek"))
        limits.pop = try readStage(table.table("pop"))
        if let rate = try table.number("cancel_rate", expected: "a share of presses from 0 to 1, such as 0.05") {
            guard rate.isFinite, rate >= 0, rate <= 1 else {
                throw table.error("cancel_rate", "\(rate) is out of range; allowed: 0…1 (the share of presses that may be cancelled)")
            }
            limits.cancelRatePermille = Int((rate * 1000).rounded())
        }
        limits.maxChatter = try table.integer("chatter", expected: "a whole number of re-crossings", range: TrialLimits.chatterRange)
        limits.judgedPressesMin = try table.integer(
            "judged_presses_min", expected: "a whole number of presses", range: TrialLimits.judgedPressesRange)
        try table.finish()
        return limits
    }

    /// `peak_g_min`: the lowest peak acceleration allowed, in g (a number such as 0.5), as milli-g.
    private static func peakMilliG(_ table: TableReader) throws(ConfigError) -> Int32? {
        guard let grams = try table.number("peak_g_min", expected: "a peak acceleration in g such as 0.5") else { return nil }
        let range = StageLimits.peakMinRangeMilliG
        let milliG = (grams * 1000).rounded()
        guard milliG >= Double(range.lowerBound), milliG <= Double(range.upperBound) else {
            throw table.error("peak_g_min", "\(grams) is out of range; allowed: 0.001 to 200 (g)")
        }
        return Int32(milliG)
    }

    /// `[trials.peek]` or `[trials.pop]`: tolerance (on the pad's force or the reference
    /// force, `basis`), stage→line, crossing→line and felt latency limits (`felt_latency_max`),
    /// the lowest peak acceleration (`peak_g_min`), and misses (`misses_max`, `miss_margin`).
    private static func readStage(_ table: TableReader?) throws(ConfigError) -> StageLimits {
        guard let table else { return StageLimits() }
        let tolerance = try table.force("tolerance", range: StageLimits.toleranceRange)
        let basis: ToleranceBasis? = try table.choice("basis", noun: "tolerance basis")
        if basis != nil, tolerance == nil {
            throw table.error("basis", "judges the tolerance, which is not set; add tolerance (e.g. tolerance = \"15g\") or remove basis")
        }
        let missesMax = try table.integer("misses_max", expected: "a whole number of presses", range: StageLimits.missesRange)
        let missMargin = try table.force("miss_margin", range: StageLimits.missMarginRange)
        if missMargin != nil, missesMax == nil {
            throw table.error("miss_margin", "sets when a press counts as a miss, which is not judged; add misses_max (e.g. misses_max = 0) or remove miss_margin")
        }
        let limits = StageLimits(
            tolerance: tolerance, toleranceBasis: basis ?? .pad,
            stageToLineP99Micros: try table.durationMicros("stage_to_line_p99", range: StageLimits.stageToLineRangeMicros),
            stageToLineMaxMicros: try table.durationMicros("stage_to_line_max", range: StageLimits.stageToLineRangeMicros),
            missesMax: missesMax, missMargin: missMargin,
            crossingToLineP99Micros: try table.durationMicros("crossing_to_line_p99", range: StageLimits.stageToLineRangeMicros),
            crossingToLineMaxMicros: try table.durationMicros("crossing_to_line_max", range: StageLimits.stageToLineRangeMicros),
            feltLatencyMaxMicros: try table.durationMicros("felt_latency_max", range: StageLimits.stageToLineRangeMicros),
            peakMinMilliG: try peakMilliG(table))
        try table.finish()
        return limits
    }
}
