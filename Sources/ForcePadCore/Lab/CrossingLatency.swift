/// The latency a finger feels, and the figure a lab signs: from the moment the true force (the
/// reference sensor) crossed a stage's threshold to the haptic line's edge (`crossing_to_line_us`),
/// in three parts that add up to it exactly (µs, loop clock):
/// - filter delay (`filter_delay_us`): the true crossing → the frame in which the filtered pad
///   total reached the threshold (the first frame of the run the stage's dwell counted); below
///   zero when the pad reached it first;
/// - dwell (`dwell_us`): that frame → the frame the stage fired in;
/// - frame→line (`stage_to_line_us`): that frame → the return of the GPIO call that raised the line.
/// The crossing is interpolated between two reference readings, so it is known to within one
/// sample period of the reference (`crossing_uncertainty_us`).
public struct CrossingLatency: Sendable, Equatable {
    /// When the true force crossed the threshold (µs).
    public let crossingMicros: Int64
    public let filterDelayMicros: Int64
    public let dwellMicros: Int64
    public let stageToLineMicros: Int64
    /// The reference's sample period (µs): how far off the crossing time may be.
    public let uncertaintyMicros: Int64

    /// From the true crossing at `crossingMicros`, the first frame at or above the threshold at
    /// `padCrossingMicros`, the stage's frame at `stageMicros` and the line's GPIO call
    /// returning at `lineMicros` (µs), for a reference read every `uncertaintyMicros`.
    public init(crossingMicros: Int64, padCrossingMicros: Int64, stageMicros: Int64, lineMicros: Int64, uncertaintyMicros: Int64) {
        self.crossingMicros = crossingMicros
        filterDelayMicros = padCrossingMicros - crossingMicros
        dwellMicros = stageMicros - padCrossingMicros
        stageToLineMicros = lineMicros - stageMicros
        self.uncertaintyMicros = uncertaintyMicros
    }

    /// The true crossing → the line's edge (µs): the sum of the parts.
    public var crossingToLineMicros: Int64 { filterDelayMicros + dwellMicros + stageToLineMicros }
}
