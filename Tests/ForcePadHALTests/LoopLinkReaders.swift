import ForcePadCore
import ForcePadHAL

/// The consumer ends of a test's ``LoopLink`` (events, snapshot), taken once, for harnesses
/// that are themselves copyable.
final class LoopLinkReaders {
    private var events: SPSCRingConsumer<LoopEvent>
    private var snapshots: LatestValueReader<LoopSnapshot>

    init(_ link: LoopLink) {
        events = link.events.takeConsumer()!
        snapshots = link.snapshots.takeReader()!
    }

    func popEvent() -> LoopEvent? { events.pop() }

    func latestSnapshot() -> LoopSnapshot { snapshots.latest() }
}
