import ForcePadCore
import ForcePadHAL

/// The live views' end of the loop's force frames and of the events it marks: while at least
/// one view watches (``begin()`` to ``end(_:)``) the loop pushes every frame's forces
/// (``LoopRequests/streamingForces``), the event pump hands them here through the
/// ``LiveForceSink`` with the press stages and haptic edges, and each view takes its own copy
/// in batches (``take(_:)``) on its own thread: a `monitor plot` on the console and the
/// browser scope's broadcaster (``ScopeBroadcaster``) watch at the same time. The loop never
/// waits on them: a view that does not take in time loses frames, counted.
final class LiveForceTap: Sendable {
    /// One watching view, as ``begin()`` hands it out.
    struct Viewer: Hashable, Sendable {
        fileprivate let number: Int
    }

    private struct Views {
        var batches: [Int: LiveForceBatch] = [:]
        var nextNumber = 0
    }

    private let link: LoopLink
    private let views = PosixMutex(Views())
    /// Most frames kept for a view between two of its takes (2 s at 1 kHz); more are
    /// dropped and counted.
    static let capacity = 2048

    init(link: LoopLink) {
        self.link = link
    }

    /// Starts keeping frames and happenings for a new view, and the loop pushing its frames.
    func begin() -> Viewer {
        views.withLock { views in
            if views.batches.isEmpty { link.droppedForces.store(0, ordering: .relaxed) }
            views.nextNumber += 1
            views.batches[views.nextNumber] = LiveForceBatch()
            link.ask(.streamingForces)
            return Viewer(number: views.nextNumber)
        }
    }

    /// Stops keeping frames for `viewer`; the loop stops pushing them when no view is left.
    func end(_ viewer: Viewer) {
        views.withLock { views in
            views.batches[viewer.number] = nil
            if views.batches.isEmpty { link.withdraw(.streamingForces) }
        }
    }

    /// Everything kept for `viewer` since its last take. Frames the loop's ring lost count
    /// as lost for every view.
    func take(_ viewer: Viewer) -> LiveForceBatch {
        let dropped = link.droppedForces.exchange(0, ordering: .relaxed)
        return views.withLock { views in
            if dropped > 0 { for number in views.batches.keys { views.batches[number]!.droppedFrames += dropped } }
            guard let taken = views.batches[viewer.number] else { return LiveForceBatch() }
            views.batches[viewer.number] = LiveForceBatch()
            return taken
        }
    }

    /// Pump side: keeps `frame` for every view.
    func take(_ frame: ForceFrame) {
        views.withLock { views in
            for number in views.batches.keys {
                if views.batches[number]!.frames.count < Self.capacity {
                    views.batches[number]!.frames.append(frame)
                } else {
                    views.batches[number]!.droppedFrames += 1
                }
            }
        }
    }

    /// Pump side: keeps `happening` for every view.
    func take(_ happening: LiveHappening) {
        views.withLock { views in
            for number in views.batches.keys where views.batches[number]!.happenings.count < Self.capacity {
                views.batches[number]!.happenings.append(happening)
            }
        }
    }
}
