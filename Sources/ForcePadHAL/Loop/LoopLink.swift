import ForcePadCore
import Synchronization

/// The lock-free channels between the real-time loop and everything else: commands in,
/// events out, the newest snapshot, and raw frames for a recording. Fixed size, allocated once.
public final class LoopLink: Sendable {
    public let commands: SPSCRing<LoopCommandEnvelope>
    public let events: SPSCRing<LoopEvent>
    public let snapshots: LatestValueMailbox<LoopSnapshot>
    /// Every frame read while ``recordingFrames`` is set, for the recorder thread to write out.
    public let frames: SPSCRing<RawFrame>
    /// Set by the recorder to make the loop push each frame it reads into ``frames``.
    public let recordingFrames = Atomic<Bool>(false)
    /// Frames the loop could not push because ``frames`` was full (the recorder fell behind).
    public let droppedFrames = Atomic<UInt64>(0)
    /// Set by any thread to make the loop thread finish its period and return.
    public let stopRequested = Atomic<Bool>(false)
    /// Set by the loop thread once it has stopped and driven the haptic line off.
    public let stopped = Atomic<Bool>(false)

    /// - Parameter frameCapacity: frames the recording ring holds (4096: 4 s at 1 kHz).
    public init(initial: LoopSnapshot, commandCapacity: Int = 64, eventCapacity: Int = 1024, frameCapacity: Int = 4096) {
        commands = SPSCRing(capacity: commandCapacity)
        events = SPSCRing(capacity: eventCapacity)
        snapshots = LatestValueMailbox(initial: initial)
        frames = SPSCRing(capacity: frameCapacity)
    }

    /// Loop side: pushes `frame` for the recorder while a recording runs, counting a drop
    /// when the ring is full. Never blocks or allocates.
    @inline(__always)
    public func record(_ frame: RawFrame) {
        guard recordingFrames.load(ordering: .relaxed) else { return }
        if !frames.push(frame) { droppedFrames.add(1, ordering: .relaxed) }
    }
}
