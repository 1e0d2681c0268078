import ForcePadCore
import ForcePadHAL

/// The consumer ends of a test's ``LoopLink`` (events, snapshot), taken once, for harnesses
/// that are themselves copyable.
final class LoopLinkReaders {
    private let link: LoopLink
    private var events: SPSCRingConsumer<LoopEvent>
    private var snapshots: LatestValueReader<LoopSnapshot>
    private var latencies: LatestValueReader<LoopLatencies>

    init(_ link: LoopLink) {
        self.link = link
        events = link.events.takeConsumer()!
        snapshots = link.snapshots.takeReader()!
        latencies = link.latencies.takeReader()!
    }

    func popEvent() -> LoopEvent? { events.pop() }

    /// The snapshot the loop last published (these tests mostly tick the loop themselves,
    /// asking for it before the periods they read).
    func latestSnapshot() -> LoopSnapshot { snapshots.latest() }

    /// The snapshot as of the end of the loop's next period (``LoopLink/latestSnapshot(_:timeoutMicros:)``).
    func askForSnapshot(timeoutMicros: Int64 = 1_000_000) -> LoopSnapshot {
        link.latestSnapshot(&snapshots, timeoutMicros: timeoutMicros)
    }

    /// The latency histograms the loop last published (it publishes them in a period that
    /// recorded a stage's latency; these tests tick the loop themselves, without asking).
    func publishedLatencies() -> LoopLatencies { latencies.latest() }
}
