/// Turns the edges of the feedback input (wired to the haptic output) into
/// ``HapticEdgeEvent``s on the loop's clock, matches the edge that turns the actuator on to the
/// stage whose pattern started it, and keeps the histogram of stage frame → measured edge.
///
/// Kernel edge timestamps and the loop's origin are both CLOCK_MONOTONIC, so an edge's loop
/// time is its timestamp (ns, rounded down to µs as the loop's clock reads) minus the
/// loop's origin (µs).
public struct HapticEdgeMeasurement: Sendable {
    /// True when the actuator is on while the haptic line is low: then the falling edge is
    /// the one that turns it on.
    public let activeLow: Bool
    /// From the frame in which a stage fired to the measured edge that started its pattern (µs).
    public private(set) var latency = LatencyHistogram()
    /// Edges seen going high and going low.
    public private(set) var risingEdges: UInt64 = 0
    public private(set) var fallingEdges: UInt64 = 0

    public init(activeLow: Bool) {
        self.activeLow = activeLow
    }

    /// Loop time (µs) of a CLOCK_MONOTONIC timestamp `monotonicNanos` (ns), for a loop whose
    /// time 0 is `originMicros` (µs of CLOCK_MONOTONIC). Rounds down, as the loop's clock does.
    public static func loopMicros(monotonicNanos: Int64, originMicros: Int64) -> Int64 {
        let micros = monotonicNanos / 1_000 - (monotonicNanos % 1_000 < 0 ? 1 : 0)
        return micros - originMicros
    }

    /// Whether an edge to level `high` turns the actuator on.
    public func turnsActuatorOn(high: Bool) -> Bool {
        high != activeLow
    }

    /// Whether the stage that fired at `stageMicros` (the one the loop last raised the line
    /// for) owns an edge at `edgeMicros` to level `high`: only an edge that turns the actuator
    /// on, and not one from before the stage's frame.
    public func matches(stageMicros: Int64, high: Bool, edgeMicros: Int64) -> Bool {
        turnsActuatorOn(high: high) && edgeMicros >= stageMicros
    }

    /// Records an edge to level `high` seen at `monotonicNanos` (ns of CLOCK_MONOTONIC) for a
    /// loop whose time 0 is `originMicros`. `pendingStageMicros` is the frame time of the
    /// stage the loop last raised the line for and that no edge has been matched to yet (nil
    /// when none): the edge takes it when it ``matches(stageMicros:high:edgeMicros:)``,
    /// and its latency goes into ``latency``.
    public mutating func record(
        high: Bool, monotonicNanos: Int64, originMicros: Int64, pendingStageMicros: Int64?
    ) -> HapticEdgeEvent {
        let edgeMicros = Self.loopMicros(monotonicNanos: monotonicNanos, originMicros: originMicros)
        if high { risingEdges += 1 } else { fallingEdges += 1 }
        var stage: Int64?
        if let pendingStageMicros, matches(stageMicros: pendingStageMicros, high: high, edgeMicros: edgeMicros) {
            stage = pendingStageMicros
            latency.record(edgeMicros - pendingStageMicros)
        }
        return HapticEdgeEvent(high: high, edgeMicros: edgeMicros, stageMicros: stage)
    }
}
