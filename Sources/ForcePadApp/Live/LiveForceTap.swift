import ForcePadCore
import ForcePadHAL

/// The live view's end of the loop's force frames and of the events it marks: while a view
/// watches (``begin()`` to ``end()``) the loop pushes every frame's forces
/// (``LoopLink/streamingForces``), the event pump hands them here through the
/// ``LiveForceSink`` with the press stages and haptic edges, and the view takes them in
/// batches (``take()``) on its own thread. The loop never waits on it: a view that does not
/// take in time loses frames, counted. One view at a time.
final class LiveForceTap: Sendable {
    private let link: LoopLink
    private let batch = PosixMutex<LiveForceBatch?>(nil)
    /// Most frames kept between two takes (2 s at 1 kHz); more are dropped and counted.
    static let capacity = 2048

    init(link: LoopLink) {
        self.link = link
    }

    /// Starts keeping frames and happenings, and the loop pushing its frames.
    func begin() {
        batch.withLock { $0 = LiveForceBatch() }
        link.droppedForces.store(0, ordering: .relaxed)
        link.streamingForces.store(true, ordering: .releasing)
    }

    /// Stops the loop pushing frames, and keeping them.
    func end() {
        link.streamingForces.store(false, ordering: .releasing)
        batch.withLock { $0 = nil }
    }

    /// Everything kept since the last take.
    func take() -> LiveForceBatch {
        let dropped = link.droppedForces.exchange(0, ordering: .relaxed)
        return batch.withLock { kept in
            guard var taken = kept else { return LiveForceBatch() }
            kept = LiveForceBatch()
            taken.droppedFrames += dropped
            return taken
        }
    }

    /// Pump side: keeps `frame` while a view watches.
    func take(_ frame: ForceFrame) {
        batch.withLock { kept in
            guard kept != nil else { return }
            if kept!.frames.count < Self.capacity { kept!.frames.append(frame) } else { kept!.droppedFrames += 1 }
        }
    }

    /// Pump side: keeps `happening` while a view watches.
    func take(_ happening: LiveHappening) {
        batch.withLock { kept in
            guard kept != nil, kept!.happenings.count < Self.capacity else { return }
            kept!.happenings.append(happening)
        }
    }
}
