import ForcePadCore

/// The real-time loop: once per period it applies pending commands, reads a frame, runs the
/// pipeline, updates the touch state and publishes a snapshot. It never allocates, locks,
/// logs or blocks on other threads: it talks to them only through its ``LoopLink``.
///
/// Generic over its frame source and haptic line so the compiler specialises the hot path.
/// Owned by the loop thread once ``run(clock:)`` starts; other threads use the link only.
public final class ControlLoop<Source: FrameSource & ~Copyable, Line: HapticLine & ~Copyable>: @unchecked Sendable {
    private var source: Source
    private var line: Line
    private var pipeline: ForcePipeline
    private let link: LoopLink
    private var snapshot: LoopSnapshot
    /// Period between frames (µs).
    public let periodMicros: Int64

    public init(
        source: consuming Source, line: consuming Line, pipeline: ForcePipeline,
        press: PressSettings, periodMicros: Int64, link: LoopLink
    ) {
        snapshot = LoopSnapshot(cellCount: source.cellCount, press: press, pipeline: pipeline.settings)
        self.source = source
        self.line = line
        self.pipeline = pipeline
        self.periodMicros = periodMicros
        self.link = link
    }

    /// Runs one period whose frame is taken at `timeMicros` (µs since the loop started).
    public func tick(atMicros timeMicros: Int64) {
        while let envelope = link.commands.pop() {
            apply(envelope, at: timeMicros)
        }
        do {
            try source.read(into: &snapshot.raw, at: timeMicros)
            snapshot.raw.timeMicros = timeMicros
            snapshot.raw.sequence &+= 1
            if snapshot.raw.isStale { snapshot.counters.staleFrames += 1 }
            snapshot.force = pipeline.process(snapshot.raw)
            snapshot.hasFrame = true
            updateTouch()
            recordPipelineState()
        } catch {
            snapshot.counters.readErrors += 1
            emit(.readFailed(atMicros: timeMicros, errno: error.errno))
        }
        snapshot.counters.ticks += 1
        link.snapshots.publish(snapshot)
    }

    /// Runs periods at absolute deadlines on `clock` until ``LoopLink/stopRequested`` is set.
    /// A late wake-up skips the periods it missed (counted, reported) instead of bursting
    /// to catch up. The haptic line is driven off before the first and after the last period.
    public func run<Clock: LoopClock & ~Copyable>(clock: inout Clock) {
        forceLineOff(at: 0)
        let start = clock.nowMicros()
        var deadline = start
        while !link.stopRequested.load(ordering: .relaxed) {
            clock.sleep(untilMicros: deadline)
            let woke = clock.nowMicros()
            let lateness = woke - deadline
            snapshot.counters.lastLatenessMicros = lateness
            if lateness > snapshot.counters.maxLatenessMicros { snapshot.counters.maxLatenessMicros = lateness }
            tick(atMicros: deadline - start)
            deadline += periodMicros
            let behind = clock.nowMicros() - deadline
            if behind >= periodMicros {
                let missed = behind / periodMicros
                deadline += missed * periodMicros
                snapshot.counters.missedPeriods += UInt64(missed)
                emit(.overrun(atMicros: deadline - start, missedPeriods: missed))
            }
        }
        forceLineOff(at: deadline - start)
    }

    private func apply(_ envelope: LoopCommandEnvelope, at timeMicros: Int64) {
        switch envelope.command {
        case .setPress(let press):
            snapshot.press = press
        case .setPipeline(let settings):
            pipeline.apply(settings)
            snapshot.pipeline = settings
        case .tare:
            pipeline.startTare()
            snapshot.tare = pipeline.tareOutcome
        case .simulate(let command):
            if !source.apply(command, at: timeMicros) {
                emit(.simulationRefused(sequence: envelope.sequence))
            }
        }
        snapshot.appliedCommand = envelope.sequence
    }

    private func recordPipelineState() {
        snapshot.readings = pipeline.readings
        for cell in 0..<snapshot.force.cellCount {
            let zero = pipeline.zero(cell: cell)
            snapshot.zeroCounts[cell] = zero.counts
            snapshot.driftCounts[cell] = zero.drift
        }
        snapshot.hasTare = pipeline.hasTare
        snapshot.tare = pipeline.tareOutcome
    }

    private func updateTouch() {
        let total = snapshot.force.total
        let touch = snapshot.press.thresholds.touch
        if snapshot.touching {
            if total.milligrams < touch.milligrams - snapshot.press.hysteresis.touch.milligrams {
                snapshot.touching = false
            }
        } else if total >= touch {
            snapshot.touching = true
        }
    }

    private func forceLineOff(at timeMicros: Int64) {
        do {
            try line.setActive(false)
        } catch {
            emit(.hapticLineFailed(atMicros: timeMicros, errno: error.errno))
        }
    }

    private func emit(_ event: LoopEvent) {
        if !link.events.push(event) { snapshot.counters.droppedEvents += 1 }
    }
}
