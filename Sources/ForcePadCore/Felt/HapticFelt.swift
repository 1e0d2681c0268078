/// A stage's click as the accelerometer on the pad felt it (`haptic.felt`): the stage, when
/// its frame and its line's edge were, and what ``FeltClickAnalyzer`` measured of the samples
/// around it — or why it measured nothing. Times in µs on the loop's clock.
public struct HapticFelt: Sendable, Equatable {
    /// The stage's pattern: `peek`, `pop` or `release`.
    public let stage: String
    /// The frame the stage fired in (µs).
    public let stageMicros: Int64
    /// When the line's GPIO call that started the click returned (µs).
    public let lineMicros: Int64
    /// When the reference force truly crossed the stage's threshold (µs); nil without a
    /// reference sensor or when its readings did not show the crossing.
    public let crossingMicros: Int64?
    /// How far a sample's stamp may be from when it was taken (µs).
    public let stampUncertaintyMicros: Int64
    /// The measurement, or why there is none.
    public let result: Result<FeltClickMeasurement, FeltClickAnalysisError>

    public init(
        stage: String, stageMicros: Int64, lineMicros: Int64, crossingMicros: Int64?, stampUncertaintyMicros: Int64,
        result: Result<FeltClickMeasurement, FeltClickAnalysisError>
    ) {
        self.stage = stage
        self.stageMicros = stageMicros
        self.lineMicros = lineMicros
        self.crossingMicros = crossingMicros
        self.stampUncertaintyMicros = stampUncertaintyMicros
        self.result = result
    }

    /// The measurement; nil when the click was not felt.
    public var measurement: FeltClickMeasurement? {
        if case .success(let measured) = result { measured } else { nil }
    }

    /// When the click was first felt (µs): the stage's frame plus its onset latency.
    public var onsetMicros: Int64? { measurement.map { stageMicros + $0.onsetLatencyMicros } }

    /// The felt latency (µs): the reference's true crossing → the click's onset; nil without
    /// either. The figure a lab signs as "the click within N ms of the force".
    public var feltLatencyMicros: Int64? {
        guard let crossingMicros, let onsetMicros else { return nil }
        return onsetMicros - crossingMicros
    }
}
