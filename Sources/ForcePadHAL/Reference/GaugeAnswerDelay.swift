/// How long a gauge took from the end of a request to the end of its answer line (µs):
/// the fewest, the mean and the most over the answers so far. `probe` and `status` state
/// these as `answer_delay_us` min/mean/max.
public struct GaugeAnswerDelay: Sendable, Equatable {
    /// Answers measured.
    public private(set) var count = 0
    /// The shortest delay (µs); 0 before the first answer.
    public private(set) var minMicros: Int64 = 0
    /// The longest delay (µs); 0 before the first answer.
    public private(set) var maxMicros: Int64 = 0
    private var totalMicros: Int64 = 0

    public init() {}

    /// The mean delay (µs, rounded down); 0 before the first answer.
    public var meanMicros: Int64 { count == 0 ? 0 : totalMicros / Int64(count) }

    /// Adds one answer's delay (µs).
    public mutating func record(_ micros: Int64) {
        minMicros = count == 0 ? micros : min(minMicros, micros)
        maxMicros = count == 0 ? micros : max(maxMicros, micros)
        totalMicros += micros
        count += 1
    }
}
