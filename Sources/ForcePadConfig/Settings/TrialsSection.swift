import ForcePadCore

/// `[trials]`: the pass/fail limits `trial report` and `report` check. Every key is
/// optional; a limit left out is not checked, and with none set there is no verdict.
enum TrialsSection {
    static func read(_ table: TableReader?) throws(ConfigError) -> TrialLimits {
        guard let table else { return .none }
        let forces = Force.zero...Force.grams(1_000)
        var limits = TrialLimits()
        limits.peekTolerance = try table.force("peek_tolerance", range: forces)
        limits.popTolerance = try table.force("pop_tolerance", range: forces)
        limits.latencyP99Micros = try table.durationMicros("latency_p99", range: 1...1_000_000)
        limits.latencyMaxMicros = try table.durationMicros("latency_max", range: 1...1_000_000)
        if let rate = try table.number("cancel_rate", expected: "a share of presses from 0 to 1, such as 0.05") {
            guard rate.isFinite, rate >= 0, rate <= 1 else {
                throw table.error("cancel_rate", "\(rate) is out of range; allowed: 0…1 (the share of presses that may be cancelled)")
            }
            limits.cancelRatePermille = Int((rate * 1000).rounded())
        }
        limits.maxChatter = try table.integer("chatter", expected: "a whole number of re-crossings", range: 0...1_000_000)
        try table.finish()
        return limits
    }
}
