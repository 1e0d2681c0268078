/// An edge of the haptic output measured on the feedback input (`haptic.edge`): when the
/// kernel saw the line really change, and, for the edge that started a stage's pattern, how
/// long after the stage's frame that was. Times are µs on the loop's clock.
public struct HapticEdgeEvent: Sendable, Equatable, BitwiseCopyable {
    /// The feedback line's level after the edge: true high (a rising edge), false low.
    public var high: Bool
    /// When the kernel saw the edge (µs on the loop's clock).
    public var edgeMicros: Int64
    /// Sample time of the frame in which the stage fired whose pattern this edge started
    /// (µs), or nil for any other edge.
    public var stageMicros: Int64?

    public init(high: Bool, edgeMicros: Int64, stageMicros: Int64?) {
        self.high = high
        self.edgeMicros = edgeMicros
        self.stageMicros = stageMicros
    }

    /// The event's time (`t_us`): the stage's frame for a stage's edge, else the edge itself (µs).
    public var timeMicros: Int64 { stageMicros ?? edgeMicros }

    /// From the stage's frame to the measured edge (µs); nil for an edge of no stage.
    public var latencyMicros: Int64? { stageMicros.map { edgeMicros - $0 } }
}
