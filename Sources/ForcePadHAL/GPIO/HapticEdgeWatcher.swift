import ForcePadCore
import Synchronization

/// Measures when the haptic line really changes, through the board's feedback input (a
/// loopback wire from the haptic output). On a thread of its own, not real-time, it waits for
/// the input's edges, turns their kernel timestamps into loop time, matches the edge that
/// turns the actuator on to the stage the loop last raised the line for, keeps the
/// histogram of stage frame → measured edge, and pushes each edge into ``LoopLink/edges``
/// (`haptic.edge`). The loop gives it only its origin and the pending stage, through the link.
public final class HapticEdgeWatcher: Sendable {
    /// Where the feedback input was found.
    public let identity: GPIOLineIdentity
    private let input: GPIOEdgeInput
    private let link: LoopLink
    private let measurement: PosixMutex<HapticEdgeMeasurement>
    private let worker = WorkerThread(name: "fp-edge-watch")
    private let failure = PosixMutex<DeviceError?>(nil)
    /// Edges not reported because ``LoopLink/edges`` was full (the printer fell behind).
    public let droppedEdges = Atomic<UInt64>(0)
    /// Longest wait for an edge before looking at its stop request again (µs).
    static let pollMicros: Int64 = 50_000

    /// Requests `feedback` as an input with edge events. `hapticActiveLow` says which edge
    /// turns the actuator on (falling when true); `consumer` is the name `gpioinfo` shows.
    public init(
        feedback: GPIOLineDescription, hapticActiveLow: Bool, consumer: String, link: LoopLink
    ) throws(DeviceError) {
        input = try GPIOEdgeInput(feedback, consumer: consumer)
        identity = input.identity
        measurement = PosixMutex(HapticEdgeMeasurement(activeLow: hapticActiveLow))
        self.link = link
    }

    /// The histogram and edge counts so far.
    public var currentMeasurement: HapticEdgeMeasurement {
        measurement.withLock { $0 }
    }

    /// Why the watcher stopped before the loop did (the input failed), or nil while it runs.
    public var stoppedBecause: DeviceError? {
        failure.withLock { $0 }
    }

    /// Starts the watcher's thread; it returns once ``stop()`` is called.
    public func start() throws(DeviceError) {
        try worker.start { self.watchOnce() }
    }

    /// Asks the watcher's thread to return and waits for it (at most one poll interval);
    /// does nothing once stopped.
    public func stop() { worker.stop() }

    /// Waits up to ``pollMicros`` for one edge and handles it; finished once the input fails.
    private func watchOnce() -> WorkerThread.Next {
        do {
            guard try input.waitForEdge(timeoutMicros: Self.pollMicros) else { return .again }
            handle(try input.readEdge())
            return .again
        } catch {
            failure.withLock { $0 = error }
            return .finished
        }
    }

    /// Measures one edge against the loop's origin and pending stage, and reports it. An edge
    /// from before the loop started has no loop time and is left out.
    private func handle(_ edge: GPIOEdge) {
        let origin = link.originMicros.load(ordering: .acquiring)
        guard origin >= 0 else { return }
        let pending = link.pendingStageEdgeMicros.load(ordering: .acquiring)
        let event = measurement.withLock {
            $0.record(
                high: edge.rising, monotonicNanos: edge.monotonicNanos, originMicros: origin,
                pendingStageMicros: pending >= 0 ? pending : nil)
        }
        if event.stageMicros != nil {
            _ = link.pendingStageEdgeMicros.compareExchange(expected: pending, desired: -1, ordering: .acquiringAndReleasing)
        }
        if !link.edges.push(event) { droppedEdges.add(1, ordering: .relaxed) }
    }
}
