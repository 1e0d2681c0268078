import ForcePadCore
import ForcePadHAL

/// The consumer ends of a test's ``LoopLink`` (events, snapshot), taken once, for harnesses
/// that are themselves copyable.
final class LoopLinkReaders {
    private var events: SPSCRingConsumer<LoopEvent>
    private var snapshots: LatestValueReader<LoopSnapshot>
    private var latencies: LatestValueReader<LoopLatencies>

    init(_ link: LoopLink) {
        events = link.events.takeConsumer()!
        snapshots = link.snapshots.takeReader()!
        latencies = link.latencies.takeReader()!
    }

    func popEvent() -> LoopEvent? { events.pop() }

    func latestSnapshot() -> LoopSnapshot { snapshots.latest() }

    /// The latency histograms the loop last published (it publishes them in a period that
    /// recorded a stage's latency; these tests tick the loop themselves, without asking).
    func publishedLatencies() -> LoopLatencies { latencies.latest() }
}
