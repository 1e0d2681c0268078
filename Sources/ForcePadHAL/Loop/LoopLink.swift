import Synchronization

/// The lock-free channels between the real-time loop and everything else: commands in,
/// events out, and the newest snapshot. Fixed size, allocated once.
public final class LoopLink: Sendable {
    public let commands: SPSCRing<LoopCommandEnvelope>
    public let events: SPSCRing<LoopEvent>
    public let snapshots: LatestValueMailbox<LoopSnapshot>
    /// Set by any thread to make the loop thread finish its period and return.
    public let stopRequested = Atomic<Bool>(false)
    /// Set by the loop thread once it has stopped and driven the haptic line off.
    public let stopped = Atomic<Bool>(false)

    public init(initial: LoopSnapshot, commandCapacity: Int = 64, eventCapacity: Int = 1024) {
        commands = SPSCRing(capacity: commandCapacity)
        events = SPSCRing(capacity: eventCapacity)
        snapshots = LatestValueMailbox(initial: initial)
    }
}
