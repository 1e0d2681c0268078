/// A stage pulse's crossing→line latency as the live event pump measures it (on `haptic.on`,
/// `crossing_to_line_us` and `crossing_uncertainty_us`): ``CrossingLatency``'s total, from the
/// true crossing of the stage's threshold to the return of the GPIO call that raised the line,
/// without its parts (the filter delay and dwell need the frame series, which a recording's
/// report has). µs.
public struct CrossingToLine: Sendable, Equatable {
    /// The true crossing → the line's edge (µs).
    public let micros: Int64
    /// The reference's sample period (µs): how far off the crossing time may be.
    public let uncertaintyMicros: Int64

    /// From the true crossing at `crossingMicros` to the line's GPIO call returning at
    /// `lineMicros` (µs), for a reference read every `uncertaintyMicros`.
    public init(crossingMicros: Int64, lineMicros: Int64, uncertaintyMicros: Int64) {
        micros = lineMicros - crossingMicros
        self.uncertaintyMicros = uncertaintyMicros
    }
}
