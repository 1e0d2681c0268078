import ForcePadCore
import Synchronization

/// Reads an ``AccelerometerSource`` on a thread of its own (never the loop): each batch is
/// turned from CLOCK_MONOTONIC into loop time (``LoopLink/originMicros``) and pushed into
/// ``LoopLink/accelerations``, whose one consumer is the event pump, like the
/// ``ReferenceReader``'s readings.
///
/// A failing device is retried every ``retryMicros``; the first error of a run and the
/// recovery after it are kept for ``takeReports()`` (`accelerometer.lost`, `…restored`).
public final class AccelerometerReader: Sendable {
    /// The source's name, e.g. `ADXL345 at 0x53 on /dev/i2c-1`.
    public let name: String
    /// The rate samples are taken at (Hz).
    public let samplesPerSecond: Int64
    /// How far a sample's stamp may be from when it was taken (µs).
    public let stampUncertaintyMicros: Int64
    private let link: LoopLink
    private let readNext: @Sendable (inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int
    private let worker = WorkerThread(name: "fp-accelerometer")
    private let reports = PosixMutex<DeviceReaderHealth<AccelerometerError>>(DeviceReaderHealth())
    /// Samples pushed into ``LoopLink/accelerations``.
    public let samplesRead = Atomic<UInt64>(0)
    /// Samples not pushed because the ring was full (the pump fell behind).
    public let droppedSamples = Atomic<UInt64>(0)
    /// Wait before asking a failing device again (µs).
    static let retryMicros: Int64 = 100_000

    /// Takes `source` over; nothing is read until ``start(fifoPriority:)``.
    public init<Source: AccelerometerSource & ~Copyable & SendableMetatype>(source: consuming Source, link: LoopLink) {
        name = source.name
        samplesPerSecond = source.samplesPerSecond
        stampUncertaintyMicros = source.stampUncertaintyMicros
        self.link = link
        let box = AccelerometerSourceBox(source)
        readNext = { (output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int in try box.read(into: &output) }
    }

    /// Starts the reader's thread, real-time below the loop with `fifoPriority`.
    public func start(fifoPriority: Int? = nil) throws(DeviceError) {
        try worker.start(fifoPriority: fifoPriority) { self.readOnce() }
    }

    /// Asks the reader's thread to return and waits for it; does nothing once stopped.
    public func stop() { worker.stop() }

    /// The device's changes of health since the last call, oldest first.
    public func takeReports() -> [AccelerometerReaderReport] {
        reports.withLock { $0.take() }
    }

    /// Reads one batch and pushes it in loop time; after a failure, waits ``retryMicros``.
    private func readOnce() -> WorkerThread.Next {
        var samples = InlineArray<32, AccelerationSample>(repeating: AccelerationSample(timeMicros: 0, milliG: 0))
        do {
            var span = samples.mutableSpan
            let count = try readNext(&span)
            reports.withLock { $0.answered() }
            let origin = link.originMicros.load(ordering: .acquiring)
            guard origin >= 0 else { return .again }
            for index in 0..<count {
                var sample = samples[index]
                sample.timeMicros -= origin
                link.accelerations.push(sample, counting: samplesRead, dropped: droppedSamples)
            }
        } catch {
            reports.withLock { $0.failed(error) }
            worker.rest(micros: Self.retryMicros)
        }
        return .again
    }
}

/// Holds a non-copyable source so the reader's thread can read it; only that thread does.
private final class AccelerometerSourceBox<Source: AccelerometerSource & ~Copyable>: @unchecked Sendable {
    private var source: Source

    init(_ source: consuming Source) { self.source = source }

    func read(into output: inout MutableSpan<AccelerationSample>) throws(AccelerometerError) -> Int {
        try source.read(into: &output)
    }
}
