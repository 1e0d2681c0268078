import ForcePadCore
import Synchronization

/// The true total force on the simulated pad, published by the pad on the loop thread and
/// read by the simulated reference sensor on its own thread.
///
/// One 64-bit atomic holds the force (mg, high 32 bits) and the low 32 bits of the frame's
/// loop time (µs), so the loop's side is one relaxed store per period and a reader always
/// sees a force with its own time. The reader restores the full time from its own clock (the
/// store is less than 2³¹ µs, 35 minutes, old).
public final class SimulatedForceTruth: Sendable {
    private let packed = Atomic<UInt64>(SimulatedForceTruth.nothingYet)
    /// Before the first frame: no force published.
    private static let nothingYet = UInt64.max

    public init() {}

    /// Publishes `force` as the total at loop time `timeMicros` (loop thread; one relaxed store).
    @inline(__always)
    public func publish(_ force: Force, atMicros timeMicros: Int64) {
        let high = UInt64(UInt32(bitPattern: force.milligrams)) << 32
        packed.store(high | UInt64(UInt32(truncatingIfNeeded: timeMicros)), ordering: .relaxed)
    }

    /// The last published total and its loop time, given the loop time now (µs); nil before
    /// the first frame.
    public func latest(loopNowMicros: Int64) -> ReferenceSample? {
        let value = packed.load(ordering: .relaxed)
        guard value != Self.nothingYet else { return nil }
        let force = Force(milligrams: Int32(bitPattern: UInt32(value >> 32)))
        let age = UInt32(truncatingIfNeeded: loopNowMicros) &- UInt32(truncatingIfNeeded: value)
        return ReferenceSample(timeMicros: loopNowMicros - Int64(Int32(bitPattern: age)), force: force)
    }
}
