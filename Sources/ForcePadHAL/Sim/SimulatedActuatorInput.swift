/// The wire from the `sim` board's haptic line to its simulated actuator: the line (on the
/// loop thread) pushes each edge, stamped on CLOCK_MONOTONIC, and the simulated accelerometer
/// (on its reader's thread) is the one consumer. A push is one clock read and a lock-free
/// ring write, allocation-free; an edge that finds the ring full is counted and lost.
public final class SimulatedActuatorInput: Sendable {
    let edges = SPSCRing<SimulatedLineEdge>(capacity: 256)

    public init() {}

    /// Loop side: the line went on or off now.
    @inline(__always)
    public func lineChanged(on: Bool) {
        _ = edges.push(SimulatedLineEdge(timeMicros: MonotonicClock().nowMicros(), on: on))
    }
}
