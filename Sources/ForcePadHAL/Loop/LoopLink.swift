import ForcePadCore
import Synchronization

/// The lock-free channels between the real-time loop and everything else: commands in,
/// events out, the newest snapshot, raw frames for a recording, every frame's forces for a
/// live view, and what the haptic edge watcher needs from the loop. Fixed size, allocated once.
///
/// Every channel has exactly one consumer. The rings and the mailbox hand out their one
/// consumer handle once (`takeConsumer()`, `takeReader()`); the loop takes the command
/// ring's in its initialiser. Each atomic names the one thread that reads it; a thread that
/// needs a figure another thread consumes gets its own channel (``ticks`` for the recorder,
/// while the shell reads the snapshot).
public final class LoopLink: Sendable {
    /// Pushed by the shell, consumed by the loop.
    public let commands: SPSCRing<LoopCommandEnvelope>
    /// Pushed by the loop, consumed by the event pump.
    public let events: SPSCRing<LoopEvent>
    /// Published by the loop at the end of a period in which the snapshot was asked for
    /// (``LoopRequests/snapshot``), and once stopped; read by the shell
    /// (``latestSnapshot(_:timeoutMicros:)``).
    public let snapshots: LatestValueMailbox<LoopSnapshot>
    /// The loop's latency histograms, published by the loop in a period in which it recorded a
    /// stage's latency, at the end of a period in which they were asked for
    /// (``LoopRequests/latencies``), and once stopped; read by the shell.
    public let latencies = LatestValueMailbox(initial: LoopLatencies())
    /// What the other threads ask of the loop (``LoopRequests``), a bit each: set by
    /// ``ask(_:)`` and cleared by ``withdraw(_:)`` from any thread; the loop loads it once a
    /// period and withdraws the snapshot and the latencies once it has published them.
    public let requests = Atomic<UInt32>(0)
    /// Every frame read while ``LoopRequests/recordingFrames`` is asked, consumed by the recorder.
    public let frames: SPSCRing<RawFrame>
    /// Frames the loop could not push because ``frames`` was full (the recorder fell behind);
    /// read and reset by the recorder.
    public let droppedFrames = Atomic<UInt64>(0)
    /// Periods the loop has run (``LoopCounters/ticks``), stored after each period's
    /// snapshot; read by the recorder to know the loop has moved on, and by the service
    /// watchdog (``LoopWatchdog``) as proof that the loop runs.
    public let ticks = Atomic<UInt64>(0)
    /// Every frame after the pipeline while ``LoopRequests/streamingForces`` is asked, consumed
    /// by the event pump for the live view (a plot, a stream of numbers).
    public let forces: SPSCRing<ForceFrame>
    /// Frames the loop could not push because ``forces`` was full (the pump fell behind);
    /// read and reset by the live view.
    public let droppedForces = Atomic<UInt64>(0)
    /// Loop time (µs) of the last period the loop has finished — its line edges made, its GO
    /// written (`trigger = "i2c"`) and its events pushed — stored at the end of each period,
    /// -1 before the first. Read by the event pump: the DRV2605L's next sequence is loaded
    /// only once the period of the stage that asks for it has finished, so the loop's GO for
    /// that stage never plays the sequence loaded after it.
    public let finishedPeriodMicros = Atomic<Int64>(-1)
    /// Periods the loop has missed (``LoopCounters/missedPeriods``), stored at each overrun;
    /// read by the recorder to count the frames a recording never got.
    public let missedPeriods = Atomic<UInt64>(0)
    /// Loop time (µs) at which the sensor was lost, -1 while it answers; stored by the loop at
    /// `sensor.lost` and `sensor.restored`, read by the service watchdog.
    public let sensorLostAtMicros = Atomic<Int64>(-1)
    /// Set by any thread to make the loop thread finish its period and return; read by the loop.
    public let stopRequested = Atomic<Bool>(false)
    /// Set by the loop thread once it has stopped and driven the haptic line off; read by
    /// whoever stops it.
    public let stopped = Atomic<Bool>(false)
    /// What other threads wait on for the loop's progress (a command applied, a tick, the
    /// stop); the loop notifies it at the end of each period and once stopped.
    public let progress = LoopWait()
    /// The loop's time 0 as µs of CLOCK_MONOTONIC (the real loop's clock), stored once when
    /// the loop starts; -1 before. Read by the edge watcher to turn kernel edge timestamps
    /// into loop time.
    public let originMicros = Atomic<Int64>(-1)
    /// Sample time (µs) of the stage whose pattern the loop last raised the haptic line for,
    /// stored just before the GPIO call; the edge watcher takes it (sets -1) when it matches
    /// the measured edge to it. -1 when there is none.
    public let pendingStageEdgeMicros = Atomic<Int64>(-1)
    /// Edges of the haptic output measured on the feedback input, pushed by the edge watcher
    /// and consumed by the event pump.
    public let edges: SPSCRing<HapticEdgeEvent>
    /// Readings of the reference force sensor in loop time, pushed by the ``ReferenceReader``
    /// and consumed by the event pump. The loop itself never touches them.
    public let references: SPSCRing<ReferenceSample>
    /// Samples of the accelerometer on the pad in loop time, pushed by the
    /// ``AccelerometerReader`` and consumed by the event pump. The loop never touches them.
    public let accelerations: SPSCRing<AccelerationSample>

    /// - Parameter frameCapacity: frames the recording ring holds (4096: 4 s at 1 kHz).
    /// - Parameter forceCapacity: frames the live view's ring holds (512: 0.5 s at 1 kHz).
    /// - Parameter referenceCapacity: reference readings the ring holds (1024: 3 s at 320 SPS).
    /// - Parameter accelerationCapacity: accelerometer samples the ring holds (4096: 1.28 s at 3200 Hz).
    public init(
        initial: LoopSnapshot, commandCapacity: Int = 64, eventCapacity: Int = 1024, frameCapacity: Int = 4096,
        edgeCapacity: Int = 256, referenceCapacity: Int = 1024, accelerationCapacity: Int = 4096, forceCapacity: Int = 512
    ) {
        commands = SPSCRing(capacity: commandCapacity)
        events = SPSCRing(capacity: eventCapacity)
        snapshots = LatestValueMailbox(initial: initial)
        frames = SPSCRing(capacity: frameCapacity)
        forces = SPSCRing(capacity: forceCapacity)
        edges = SPSCRing(capacity: edgeCapacity)
        references = SPSCRing(capacity: referenceCapacity)
        accelerations = SPSCRing(capacity: accelerationCapacity)
    }

    /// Asks the loop for `request` from the start of its next period (any thread).
    public func ask(_ request: LoopRequests) {
        requests.bitwiseOr(request.rawValue, ordering: .releasing)
    }

    /// Withdraws `request` (any thread; the loop, for the snapshot and the latencies, once answered).
    public func withdraw(_ request: LoopRequests) {
        requests.bitwiseAnd(~request.rawValue, ordering: .releasing)
    }

    /// Whether `request` is asked (not yet answered or withdrawn).
    public func isAsked(_ request: LoopRequests) -> Bool {
        LoopRequests(rawValue: requests.load(ordering: .acquiring)).contains(request)
    }

    /// Reader side: the loop's latency histograms as of the end of the loop's next period
    /// (as it left them, once stopped), read through `reader`, the one reader of ``latencies``.
    /// Waits at most `timeoutMicros`; a loop that does not answer in that time leaves the
    /// ones it last published.
    public func latestLatencies(_ reader: inout LatestValueReader<LoopLatencies>, timeoutMicros: Int64 = 1_000_000) -> LoopLatencies {
        ask(.latencies)
        progress.until(timeoutMicros: timeoutMicros) { !isAsked(.latencies) || stopped.load(ordering: .acquiring) }
        return reader.latest()
    }

    /// Reader side: the loop's snapshot as of the end of its next period (as it left it once
    /// stopped), read through `reader`, the one reader of ``snapshots``. Waits at most
    /// `timeoutMicros`; a loop that does not answer in that time, or has not started running
    /// (``originMicros`` not yet stored), leaves the snapshot it last published.
    public func latestSnapshot(_ reader: inout LatestValueReader<LoopSnapshot>, timeoutMicros: Int64 = 1_000_000) -> LoopSnapshot {
        if originMicros.load(ordering: .acquiring) >= 0 {
            ask(.snapshot)
            progress.until(timeoutMicros: timeoutMicros) { !isAsked(.snapshot) || stopped.load(ordering: .acquiring) }
        }
        return reader.latest()
    }

    /// The loop's time now (µs since its start, on CLOCK_MONOTONIC), for any thread that
    /// stamps something on the loop's clock; meaningless before ``originMicros`` is stored.
    public func loopMicrosNow() -> Int64 {
        MonotonicClock().nowMicros() - originMicros.load(ordering: .acquiring)
    }

    /// Loop side: pushes `frame` for the recorder, counting a drop when the ring is full.
    /// Called only in a period in which ``LoopRequests/recordingFrames`` is asked. Never blocks
    /// or allocates. `frame` is only read; it is taken `inout` so that it is read where it
    /// lies, not copied first.
    @inline(__always)
    public func record(_ frame: inout RawFrame) {
        if !frames.push(frame) { droppedFrames.add(1, ordering: .relaxed) }
    }

    /// Loop side: pushes `frame` for the live view, counting a drop when the ring is full.
    /// Called only in a period in which ``LoopRequests/streamingForces`` is asked: only then
    /// does the loop write the pipeline's output into `frame`. Never blocks or allocates.
    /// `frame` is only read (`inout` as in ``record(_:)``).
    @inline(__always)
    public func stream(_ frame: inout ForceFrame) {
        if !forces.push(frame) { droppedForces.add(1, ordering: .relaxed) }
    }
}
