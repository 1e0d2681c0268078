/// An edge of the `sim` board's haptic line, as the simulated actuator sees it.
public struct SimulatedLineEdge: Sendable, Equatable, BitwiseCopyable {
    /// When the line changed (µs, CLOCK_MONOTONIC).
    public var timeMicros: Int64
    /// Whether it went on.
    public var on: Bool

    public init(timeMicros: Int64, on: Bool) {
        self.timeMicros = timeMicros
        self.on = on
    }
}
