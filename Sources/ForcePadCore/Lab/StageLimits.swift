/// Pass/fail limits for one stage of a trial (`[trials.peek]`, `[trials.pop]`). A stage with
/// no limit set is not judged, so a peek-only trial can pass on its peek limits alone.
public struct StageLimits: Sendable, Equatable, Codable {
    /// Every firing must be within threshold ± this force.
    public var tolerance: Force?
    /// Which force the tolerance is judged on: the pad's estimate, or the reference force.
    public var toleranceBasis: ToleranceBasis
    /// Stage→line latency p99 at most (µs): from the frame the stage fired in to the return of
    /// the GPIO call that started its pulse.
    public var stageToLineP99Micros: Int64?
    /// Stage→line latency maximum at most (µs).
    public var stageToLineMaxMicros: Int64?
    /// Crossing→line latency p99 at most (µs, ``CrossingLatency``): from the true force crossing
    /// the threshold (the reference) to the line's edge. The figure a lab signs.
    public var crossingToLineP99Micros: Int64?
    /// Crossing→line latency maximum at most (µs).
    public var crossingToLineMaxMicros: Int64?
    /// Misses allowed (``StageDetection``): presses whose true force reached the threshold
    /// plus ``missMargin`` without the stage firing. 0 in a lab that signs "fires every time".
    public var missesMax: Int?
    /// How far above the threshold the true force must go for a press without the stage to
    /// count as a miss; nil: the stage's hysteresis band.
    public var missMargin: Force?
    /// Felt latency at most (µs, ``StageFelt/feltLatencyMicros``): the true crossing → the click
    /// the accelerometer felt, for every firing.
    public var feltLatencyMaxMicros: Int64?
    /// Peak acceleration at least (milli-g, ``StageFelt/peakMilliG``), for every firing.
    public var peakMinMilliG: Int32?

    public init(
        tolerance: Force? = nil, toleranceBasis: ToleranceBasis = .pad, stageToLineP99Micros: Int64? = nil,
        stageToLineMaxMicros: Int64? = nil, missesMax: Int? = nil, missMargin: Force? = nil,
        crossingToLineP99Micros: Int64? = nil, crossingToLineMaxMicros: Int64? = nil, feltLatencyMaxMicros: Int64? = nil,
        peakMinMilliG: Int32? = nil
    ) {
        self.feltLatencyMaxMicros = feltLatencyMaxMicros
        self.peakMinMilliG = peakMinMilliG
        self.crossingToLineP99Micros = crossingToLineP99Micros
        self.crossingToLineMaxMicros = crossingToLineMaxMicros
        self.tolerance = tolerance
        self.toleranceBasis = toleranceBasis
        self.stageToLineP99Micros = stageToLineP99Micros
        self.stageToLineMaxMicros = stageToLineMaxMicros
        self.missesMax = missesMax
        self.missMargin = missMargin
    }

    /// Tolerances a config or a recording may set (0…1000 g).
    public static let toleranceRange = Force.zero...Force.grams(1_000)
    /// Latency limits a config or a recording may set, stage→line and crossing→line (µs).
    public static let stageToLineRangeMicros: ClosedRange<Int64> = 1...1_000_000
    /// Miss limits a config or a recording may set.
    public static let missesRange = 0...1_000_000
    /// Peak accelerations a config or a recording may set (milli-g: 1 mg … 200 g).
    public static let peakMinRangeMilliG: ClosedRange<Int32> = 1...200_000
    /// Miss margins a config or a recording may set (0…1000 g).
    public static let missMarginRange = Force.zero...Force.grams(1_000)

    /// Whether any limit is set.
    public var isEmpty: Bool {
        tolerance == nil && stageToLineP99Micros == nil && stageToLineMaxMicros == nil && missesMax == nil
            && crossingToLineP99Micros == nil && crossingToLineMaxMicros == nil && feltLatencyMaxMicros == nil && peakMinMilliG == nil
    }

    enum CodingKeys: String, CodingKey {
        case tolerance = "tolerance_mg", toleranceBasis = "tolerance_basis"
        case stageToLineP99Micros = "stage_to_line_p99_us", stageToLineMaxMicros = "stage_to_line_max_us"
        case missesMax = "misses_max", missMargin = "miss_margin_mg"
        case crossingToLineP99Micros = "crossing_to_line_p99_us", crossingToLineMaxMicros = "crossing_to_line_max_us"
        case feltLatencyMaxMicros = "felt_latency_max_us", peakMinMilliG = "peak_min_mg"
    }

    /// Reads stored limits, each refused outside the range a config may set; a recording made
    /// before `tolerance_basis` existed was judged on the pad.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let milligrams = Self.toleranceRange.lowerBound.milligrams...Self.toleranceRange.upperBound.milligrams
        tolerance = try container.decodeIfPresent(Int32.self, forKey: .tolerance, in: milligrams, unit: " mg").map(Force.init(milligrams:))
        toleranceBasis = try container.decodeIfPresent(ToleranceBasis.self, forKey: .toleranceBasis) ?? .pad
        stageToLineP99Micros = try container.decodeIfPresent(Int64.self, forKey: .stageToLineP99Micros, in: Self.stageToLineRangeMicros, unit: " µs")
        stageToLineMaxMicros = try container.decodeIfPresent(Int64.self, forKey: .stageToLineMaxMicros, in: Self.stageToLineRangeMicros, unit: " µs")
        crossingToLineP99Micros = try container.decodeIfPresent(Int64.self, forKey: .crossingToLineP99Micros, in: Self.stageToLineRangeMicros, unit: " µs")
        crossingToLineMaxMicros = try container.decodeIfPresent(Int64.self, forKey: .crossingToLineMaxMicros, in: Self.stageToLineRangeMicros, unit: " µs")
        feltLatencyMaxMicros = try container.decodeIfPresent(Int64.self, forKey: .feltLatencyMaxMicros, in: Self.stageToLineRangeMicros, unit: " µs")
        peakMinMilliG = try container.decodeIfPresent(Int32.self, forKey: .peakMinMilliG, in: Self.peakMinRangeMilliG, unit: " mg")
        missesMax = try container.decodeIfPresent(Int.self, forKey: .missesMax, in: Self.missesRange)
        let margins = Self.missMarginRange.lowerBound.milligrams...Self.missMarginRange.upperBound.milligrams
        missMargin = try container.decodeIfPresent(Int32.self, forKey: .missMargin, in: margins, unit: " mg").map(Force.init(milligrams:))
    }
}
