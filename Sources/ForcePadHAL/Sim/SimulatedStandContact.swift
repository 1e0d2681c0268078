import ForcePadCore
import Synchronization

/// The force the simulated stand's plunger puts on the simulated pad, published by the stand
/// simulator's thread and read by the simulated pad on the loop thread (one relaxed load per
/// frame), so the pad's force, and the simulated reference's, come from the stand's travel.
public final class SimulatedStandContact: Sendable {
    private let milligrams = Atomic<Int32>(0)

    public init() {}

    /// Publishes the plunger's force (the stand simulator's thread).
    public func publish(_ force: Force) { milligrams.store(force.milligrams, ordering: .relaxed) }

    /// The plunger's force now.
    @inline(__always)
    public var force: Force { Force(milligrams: milligrams.load(ordering: .relaxed)) }
}
