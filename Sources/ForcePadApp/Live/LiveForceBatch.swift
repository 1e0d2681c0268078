import ForcePadCore

/// What a live view takes from the ``LiveForceTap`` at once: the frames and the happenings
/// since it last took, oldest first, and how many frames were lost on the way.
struct LiveForceBatch: Sendable {
    var frames: [ForceFrame] = []
    var happenings: [LiveHappening] = []
    /// Frames lost since the last batch: the loop's ring was full, or the tap's buffer was.
    var droppedFrames: UInt64 = 0
}
