import ForcePadCore
import Synchronization

/// The lock-free channels between the real-time loop and everything else: commands in,
/// events out, the newest snapshot, raw frames for a recording, and what the haptic edge
/// watcher needs from the loop. Fixed size, allocated once.
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
    /// The loop's time 0 as µs of CLOCK_MONOTONIC (the real loop's clock), stored once when
    /// the loop starts; -1 before. Turns kernel edge timestamps into loop time.
    public let originMicros = Atomic<Int64>(-1)
    /// Sample time (µs) of the stage whose pattern the loop last raised the haptic line for,
    /// stored just before the GPIO call; the edge watcher takes it (sets -1) when it matches
    /// the measured edge to it. -1 when there is none.
    public let pendingStageEdgeMicros = Atomic<Int64>(-1)
    /// Edges of the haptic output measured on the feedback input, from the edge watcher to
    /// the event printer.
    public let edges: SPSCRing<HapticEdgeEvent>

    /// - Parameter frameCapacity: frames the recording ring holds (4096: 4 s at 1 kHz).
    public init(
        initial: LoopSnapshot, commandCapacity: Int = 64, eventCapacity: Int = 1024, frameCapacity: Int = 4096,
        edgeCapacity: Int = 256
    ) {
        commands = SPSCRing(capacity: commandCapacity)
        events = SPSCRing(capacity: eventCapacity)
        snapshots = LatestValueMailbox(initial: initial)
        frames = SPSCRing(capacity: frameCapacity)
        edges = SPSCRing(capacity: edgeCapacity)
    }

    /// Loop side: pushes `frame` for the recorder while a recording runs, counting a drop
    /// when the ring is full. Never blocks or allocates.
    @inline(__always)
    public func record(_ frame: RawFrame) {
        guard recordingFrames.load(ordering: .relaxed) else { return }
        if !frames.push(frame) { droppedFrames.add(1, ordering: .relaxed) }
    }
}
