/// Pass/fail limits for one stage of a trial (`[trials.peek]`, `[trials.pop]`). A stage with
/// no limit set is not judged, so a peek-only trial can pass on its peek limits alone.
public struct StageLimits: Sendable, Equatable, Codable {
    /// Every firing must be within threshold ± this force.
    public var tolerance: Force?
    /// Stage→line latency p99 at most (µs): from the frame the stage fired in to the return of
    /// the GPIO call that started its pulse.
    public var stageToLineP99Micros: Int64?
    /// Stage→line latency maximum at most (µs).
    public var stageToLineMaxMicros: Int64?

    public init(tolerance: Force? = nil, stageToLineP99Micros: Int64? = nil, stageToLineMaxMicros: Int64? = nil) {
        self.tolerance = tolerance
        self.stageToLineP99Micros = stageToLineP99Micros
        self.stageToLineMaxMicros = stageToLineMaxMicros
    }

    /// Whether any limit is set.
    public var isEmpty: Bool { tolerance == nil && stageToLineP99Micros == nil && stageToLineMaxMicros == nil }

    enum CodingKeys: String, CodingKey {
        case tolerance = "tolerance_mg", stageToLineP99Micros = "stage_to_line_p99_us", stageToLineMaxMicros = "stage_to_line_max_us"
    }
}
