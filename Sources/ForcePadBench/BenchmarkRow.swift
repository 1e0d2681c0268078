/// One line of the benchmark table: a figure, the target it must meet, and the verdict.
struct BenchmarkRow {
    enum Verdict: String {
        case pass = "PASS"
        case fail = "FAIL"
        /// Reported for context, with no target.
        case info = "info"
        /// A timing target on a shared machine: reported against its target, never failing the run.
        case met = "met"
        case missed = "missed"
    }

    let measure: String
    let value: String
    let target: String
    let verdict: Verdict

    init(_ measure: String, value: String, target: String = "-", verdict: Verdict = .info) {
        self.measure = measure
        self.value = value
        self.target = target
        self.verdict = verdict
    }

    /// A row whose verdict is PASS when `meets` holds.
    init(_ measure: String, value: String, target: String, meets: Bool) {
        self.init(measure, value: value, target: target, verdict: meets ? .pass : .fail)
    }

    /// A timing row: met or missed, informational (time on a shared machine is not deterministic).
    init(_ measure: String, value: String, timingTarget target: String, meets: Bool) {
        self.init(measure, value: value, target: target, verdict: meets ? .met : .missed)
    }
}
