import ForcePadCore
import Synchronization

/// Reads a ``ReferenceForceSource`` on a thread of its own (not real-time): each reading is
/// turned from the clock it was stamped on into loop time (``LoopLink/originMicros``) and
/// pushed into ``LoopLink/references``, whose one consumer is the event pump. The loop never
/// touches the reference, so a slow or silent sensor cannot disturb its period.
///
/// A failing sensor is retried every ``retryMicros``; the first error of a run and the
/// recovery after it are kept for ``takeReports()``, so a sensor that stays silent is reported
/// once, not once a reading.
public final class ReferenceReader: Sendable {
    /// The source's name, e.g. `sim reference`.
    public let name: String
    /// The interval between the source's readings (µs).
    public let samplePeriodMicros: Int64
    private let link: LoopLink
    private let readNext: @Sendable () throws(DeviceError) -> ReferenceSample
    private let worker = WorkerThread(name: "fp-reference")
    /// The time of the last reading pushed (µs, loop clock); only the reader's thread uses it.
    private let lastMicros = Atomic<Int64>(.min)
    private let reports = PosixMutex<DeviceReaderHealth<DeviceError>>(DeviceReaderHealth())
    /// The last force read and when (µs, ``MonotonicClock``), for the test stand's thread.
    private let latest = PosixMutex<(force: Force, atMicros: Int64)?>(nil)
    /// Readings pushed into ``LoopLink/references``.
    public let samplesRead = Atomic<UInt64>(0)
    /// Readings not pushed because the ring was full (the pump fell behind).
    public let droppedSamples = Atomic<UInt64>(0)
    /// Readings that came more than two sample periods after the one before
    /// (``TrialDisturbance/isReferenceGap(stepMicros:periodMicros:)``): the sensor fell behind
    /// or this thread was starved.
    public let gaps = Atomic<UInt64>(0)
    /// The longest time between two readings (µs, loop clock).
    public let longestGapMicros = Atomic<Int64>(0)
    /// Wait before asking a failing sensor again (µs).
    static let retryMicros: Int64 = 100_000

    /// Takes `source` over; nothing is read until ``start()``.
    public init<Source: ReferenceForceSource & ~Copyable & SendableMetatype>(source: consuming Source, link: LoopLink) {
        name = source.name
        samplePeriodMicros = source.samplePeriodMicros
        self.link = link
        let box = ReferenceSourceBox(source)
        readNext = { () throws(DeviceError) -> ReferenceSample in try box.read() }
    }

    /// Starts the reader's thread; it returns once ``stop()`` is called. With `fifoPriority`
    /// (below the loop's) the thread is real-time too, so a busy machine cannot starve it into
    /// gaps between readings; refused, it reads with normal scheduling (``fifoPriority`` says which).
    public func start(fifoPriority: Int? = nil) throws(DeviceError) {
        try worker.start(fifoPriority: fifoPriority) { self.readOnce() }
    }

    /// The reading thread's `SCHED_FIFO` priority, or nil under normal scheduling (or stopped).
    public var fifoPriority: Int? { worker.fifoPriority }

    /// Asks the reader's thread to return and waits for it (at most one reading: about two
    /// sample periods plus a transfer); does nothing once stopped.
    public func stop() { worker.stop() }

    /// The last force read and how long ago (µs); nil before the first reading. The test
    /// stand's thread watches its force limit with it (``StandForceSource/reference(_:)``).
    public func latestForce() -> (force: Force, ageMicros: Int64)? {
        guard let reading = latest.withLock({ $0 }) else { return nil }
        return (reading.force, MonotonicClock().nowMicros() - reading.atMicros)
    }

    /// The sensor's changes of health since the last call, oldest first: lost (with its error) or restored.
    public func takeReports() -> [ReferenceReaderReport] {
        reports.withLock { $0.take() }
    }

    /// Reads one sample and pushes it in loop time; after a failure, waits ``retryMicros``.
    private func readOnce() -> WorkerThread.Next {
        do {
            let sample = try readNext()
            reports.withLock { $0.answered() }
            let readAt = MonotonicClock().nowMicros()
            latest.withLock { $0 = (sample.force, readAt) }
            let origin = link.originMicros.load(ordering: .acquiring)
            guard origin >= 0 else { return .again }
            let loopSample = ReferenceSample(timeMicros: sample.timeMicros - origin, force: sample.force)
            let last = lastMicros.load(ordering: .relaxed)
            guard loopSample.timeMicros > last else { return .again }
            if last != Int64.min { note(stepMicros: loopSample.timeMicros - last) }
            lastMicros.store(loopSample.timeMicros, ordering: .relaxed)
            link.references.push(loopSample, counting: samplesRead, dropped: droppedSamples)
        } catch {
            reports.withLock { $0.failed(error) }
            worker.rest(micros: Self.retryMicros)
        }
        return .again
    }
}

extension ReferenceReader {
    /// Counts the time between two readings towards ``gaps`` and ``longestGapMicros``.
    fileprivate func note(stepMicros: Int64) {
        if TrialDisturbance.isReferenceGap(stepMicros: stepMicros, periodMicros: samplePeriodMicros) { gaps.add(1, ordering: .relaxed) }
        if stepMicros > longestGapMicros.load(ordering: .relaxed) { longestGapMicros.store(stepMicros, ordering: .relaxed) }
    }
}

/// Holds a non-copyable source so the reader's thread can read it; only that thread does.
private final class ReferenceSourceBox<Source: ReferenceForceSource & ~Copyable>: @unchecked Sendable {
    private var source: Source
    private let clock = MonotonicClock()

    init(_ source: consuming Source) { self.source = source }

    func read() throws(DeviceError) -> ReferenceSample {
        try source.read(clock: clock)
    }
}
