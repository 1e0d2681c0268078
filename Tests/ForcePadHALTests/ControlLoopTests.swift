import ForcePadCore
import ForcePadHAL
import Testing

@Suite struct ControlLoopTests {
    static let calibration = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(500)),
    ])
    /// No filter or spike rejection, so a command's effect shows in the same frame.
    static let pipelineSettings = PipelineSettings(
        filter: .passThrough, spikeRejection: false, touch: .grams(20), contactThreshold: .grams(10),
        averageTouch: .grams(50), baselineShift: 0, tareFrames: 8, tareSpreadLimitCounts: 64)
    static let press = PressSettings(
        thresholds: Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300)), hysteresis: .standard)

    func makeLoop(cells: Int = 2) -> (ControlLoop<SimulatedPad, SimulatedHapticLine>, LoopLink) {
        let board = BoardDescription(
            name: "sim", summary: "test", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<cells), dataRate: 0)],
            geometry: .strip(cells: cells), sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: Self.calibration, simulation: .standard)
        let link = LoopLink(initial: LoopSnapshot(cellCount: cells, press: Self.press, pipeline: Self.pipelineSettings))
        let loop = ControlLoop(
            source: SimulatedPad(board: board, simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0)),
            line: SimulatedHapticLine(),
            pipeline: ForcePipeline(
                calibrations: Array(repeating: Self.calibration, count: cells), geometry: .strip(cells: cells), settings: Self.pipelineSettings),
            press: Self.press, periodMicros: 1000, link: link)
        return (loop, link)
    }

    @Test func commandsAreAppliedBeforeTheFrameAndAcknowledged() {
        let (loop, link) = makeLoop()
        #expect(link.commands.push(LoopCommandEnvelope(
            sequence: 5, command: .simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))))
        loop.tick(atMicros: 0)
        let snapshot = link.snapshots.latest()
        #expect(snapshot.appliedCommand == 5)
        #expect(snapshot.force.total == .grams(200))
        #expect(snapshot.raw.sequence == 1)
        #expect(snapshot.hasFrame && snapshot.touching)
    }

    @Test func touchReleasesOnlyBelowTheHysteresisBand() {
        let (loop, link) = makeLoop()
        func press(_ grams: Int32, sequence: UInt64) {
            _ = link.commands.push(LoopCommandEnvelope(
                sequence: sequence, command: .simulate(.press(force: .grams(grams), position: .center, holdMicros: 0))))
            loop.tick(atMicros: Int64(sequence) * 1000)
        }
        press(25, sequence: 1)
        #expect(link.snapshots.latest().touching)
        press(16, sequence: 2)  // below touch (20 g) but within the 5 g band
        #expect(link.snapshots.latest().touching)
        press(14, sequence: 3)
        #expect(!link.snapshots.latest().touching)
        press(19, sequence: 4)
        #expect(!link.snapshots.latest().touching)
    }

    @Test func newThresholdsTakeEffectAtTheNextPeriod() {
        let (loop, link) = makeLoop()
        var changed = Self.press
        changed.thresholds.peek = .grams(120)
        _ = link.commands.push(LoopCommandEnvelope(sequence: 1, command: .setPress(changed)))
        loop.tick(atMicros: 0)
        #expect(link.snapshots.latest().press == changed)
    }

    @Test func lateWakeUpsSkipMissedPeriodsInsteadOfBursting() {
        let (loop, link) = makeLoop()
        var clock = ManualClock(startMicros: 10_000)
        // Period 3 wakes 3.5 periods late: the two periods that passed meanwhile are skipped
        // and the loop resumes at the next deadline (run 0.5 period late) rather than bursting.
        clock.pendingLateness = [0, 0, 0, 3_500, 0, 0]
        let stopper = StopAfterSleeps(link: link, sleeps: 6)
        var counting = CountingClock(inner: clock, onSleep: stopper.sleep)
        loop.run(clock: &counting)
        let snapshot = link.snapshots.latest()
        #expect(snapshot.counters.ticks == 6)
        #expect(snapshot.counters.missedPeriods == 2)
        #expect(snapshot.counters.maxLatenessMicros == 3_500)
        // Frames are stamped at their deadlines: 0, 1, 2, 3 ms, then 6 and 7 ms after the skip.
        #expect(snapshot.raw.timeMicros == 7_000)
        var events: [LoopEvent] = []
        while let event = link.events.pop() { events.append(event) }
        #expect(events == [.overrun(atMicros: 6_000, missedPeriods: 2)])
    }

    @Test func hapticLineIsDrivenOffBeforeTheFirstAndAfterTheLastPeriod() {
        let link = LoopLink(initial: LoopSnapshot(cellCount: 1, press: Self.press, pipeline: Self.pipelineSettings))
        let record = LineRecord()
        let board = BoardDescription(
            name: "sim", summary: "test", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: [0], dataRate: 0)],
            geometry: .strip(cells: 1), sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: Self.calibration, simulation: .standard)
        let loop = ControlLoop(
            source: SimulatedPad(board: board, simulation: .standard), line: RecordingLine(record: record),
            pipeline: ForcePipeline(calibrations: [Self.calibration], geometry: .strip(cells: 1), settings: Self.pipelineSettings),
            press: Self.press, periodMicros: 1000, link: link)
        let stopper = StopAfterSleeps(link: link, sleeps: 2)
        var clock = CountingClock(inner: ManualClock(), onSleep: stopper.sleep)
        loop.run(clock: &clock)
        #expect(record.values == [false, false])
        #expect(link.snapshots.latest().counters.ticks == 2)
    }
}

/// Requests a stop once a number of sleeps has happened.
private final class StopAfterSleeps: Sendable {
    let link: LoopLink
    let limit: Int
    private let count = Counter()
    init(link: LoopLink, sleeps: Int) {
        self.link = link
        limit = sleeps
    }
    func sleep() {
        if count.increment() >= limit { link.stopRequested.store(true, ordering: .relaxed) }
    }
}

private final class Counter: @unchecked Sendable {
    private var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

/// A manual clock that calls back on every sleep.
private struct CountingClock: LoopClock {
    var inner: ManualClock
    let onSleep: () -> Void
    func nowMicros() -> Int64 { inner.nowMicros() }
    mutating func sleep(untilMicros deadlineMicros: Int64) {
        onSleep()
        inner.sleep(untilMicros: deadlineMicros)
    }
}

/// What a ``RecordingLine`` was set to, in order.
private final class LineRecord: @unchecked Sendable {
    var values: [Bool] = []
}

private struct RecordingLine: HapticLine {
    let record: LineRecord
    mutating func setActive(_ active: Bool) throws(DeviceError) { record.values.append(active) }
}
