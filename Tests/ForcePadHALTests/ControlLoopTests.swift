import ForcePadCore
import ForcePadHAL
import Testing

/// What a ``RecordingLine`` was set to, with the loop time of each call.
final class LineRecord: @unchecked Sendable {
    var calls: [(active: Bool, atMicros: Int64)] = []
    var values: [Bool] { calls.map(\.active) }
}

/// A haptic line that records every call, reading the time from a shared manual clock.
struct RecordingLine: HapticLine {
    let record: LineRecord
    let clock: ClockBox
    mutating func setActive(_ active: Bool) throws(DeviceError) { record.calls.append((active, clock.now)) }
}

/// A manual time shared between a test and its line.
final class ClockBox: @unchecked Sendable {
    var now: Int64 = 0
}

/// A loop clock that reads a ``ClockBox``.
struct BoxedClock: LoopClock {
    let box: ClockBox
    func nowMicros() -> Int64 { box.now }
    mutating func sleep(untilMicros deadlineMicros: Int64) { box.now = max(box.now, deadlineMicros) }
}

@Suite struct ControlLoopTests {
    static let calibration = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(500)),
    ])
    /// No filter or spike rejection, so a command's effect shows in the same frame.
    static let pipelineSettings = PipelineSettings(
        filter: .passThrough, spikeRejection: false, touch: .grams(20), contactThreshold: .grams(10),
        averageTouch: .grams(50), baselineShift: 0, tareFrames: 8, tareSpreadLimitCounts: 64)
    /// Thresholds 20/150/300 g with no dwell, so stages fire in the frame that crosses them.
    static let recognizer = PressRecognizerSettings(
        thresholds: Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300)),
        hysteresis: Hysteresis(touch: .grams(5), peek: .grams(15), pop: .grams(20), dwellMicros: 0))
    static let haptics = HapticSchedulerSettings(
        mode: .pulse, lineAccess: .drive, maxOnMicros: 100_000, minOffMicros: 10_000, maxDutyPermille: 1000,
        dutyWindowMicros: 1_000_000)

    static func board(cells: Int) -> BoardDescription {
        BoardDescription(
            name: "sim", summary: "test", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<cells), dataRate: 0)],
            geometry: .strip(cells: cells), sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: calibration, simulation: .standard)
    }

    static var bank: HapticPatternBank {
        try! HapticPatternCatalog(patterns: [
            "peek": HapticPattern(parsing: "on 15ms"), "pop": HapticPattern(parsing: "on 20ms off 30ms on 20ms"),
        ]).bank
    }

    struct Harness {
        let loop: ControlLoop<SimulatedPad, RecordingLine>
        let link: LoopLink
        let readers: LoopLinkReaders
        let record = LineRecord()
        let box = ClockBox()
        var sequence: UInt64 = 0

        init(cells: Int = 1, haptics: HapticSchedulerSettings = ControlLoopTests.haptics) {
            let link = LoopLink(initial: LoopSnapshot(
                cellCount: cells, recognizer: ControlLoopTests.recognizer, haptics: haptics))
            self.link = link
            readers = LoopLinkReaders(link)
            loop = ControlLoop(
                source: SimulatedPad(board: ControlLoopTests.board(cells: cells), simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0)),
                line: RecordingLine(record: record, clock: box),
                pipeline: ForcePipeline(
                    calibrations: Array(repeating: ControlLoopTests.calibration, count: cells), geometry: .strip(cells: cells),
                    settings: ControlLoopTests.pipelineSettings),
                recognizer: ControlLoopTests.recognizer, haptics: haptics, patterns: ControlLoopTests.bank,
                periodMicros: 1000, link: link)
        }

        mutating func send(_ command: LoopCommand) {
            sequence += 1
            #expect(link.commands.push(LoopCommandEnvelope(sequence: sequence, command: command)))
        }

        /// Runs periods from `from` up to (not including) `to` milliseconds, the snapshot
        /// asked for in each (`asked`), as a reader that waits for every period would.
        func run(fromMillis from: Int, toMillis to: Int, asked: Bool = true) {
            for millis in from..<to {
                box.now = Int64(millis) * 1000
                if asked { link.ask(.snapshot) }
                loop.tick(atMicros: Int64(millis) * 1000, clock: BoxedClock(box: box), originMicros: 0)
            }
        }

        func events() -> [LoopEvent] {
            var events: [LoopEvent] = []
            while let event = readers.popEvent() { events.append(event) }
            return events
        }
    }

    @Test func commandsAreAppliedBeforeTheFrameAndAcknowledged() {
        var harness = Harness(cells: 2)
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 1)
        let snapshot = harness.readers.latestSnapshot()
        #expect(snapshot.appliedCommand == 1)
        #expect(snapshot.force.total == .grams(200))
        #expect(snapshot.raw.sequence == 1)
        #expect(snapshot.hasFrame && snapshot.pressState == .peek)
    }

    @Test func aNewCalibrationReadsFromTheNextFrameAndTheLoopLetsGoOfTheOldOne() {
        var harness = Harness()
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 1)
        #expect(harness.readers.latestSnapshot().force.total == .grams(200))
        // The same counts (1600) read twice as heavy through a table of half the slope.
        let steeper = CalibrationBank([try! CalibrationTable(validating: [
            CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(1000)),
        ])])
        weak var previous: CalibrationBank?
        do {
            let first = CalibrationBank([ControlLoopTests.calibration])
            previous = first
            harness.send(.useCalibration(Unmanaged.passUnretained(first)))
            harness.run(fromMillis: 1, toMillis: 2)
            harness.send(.useCalibration(Unmanaged.passUnretained(steeper)))
            harness.run(fromMillis: 2, toMillis: 3)
        }
        // The loop holds no reference to the calibration it replaced (the sender frees it).
        #expect(previous == nil)
        let snapshot = harness.readers.latestSnapshot()
        #expect(snapshot.appliedCommand == 3)
        #expect(snapshot.force.total == .grams(400))
    }

    @Test func aStabFiresBeganPeekPopAndThePatternsDriveTheLineOnTime() {
        var harness = Harness()
        harness.send(.simulate(.press(force: .grams(400), position: .center, holdMicros: 100_000)))
        harness.run(fromMillis: 0, toMillis: 200)
        let events = harness.events()
        let press = events.compactMap { event -> PressEvent? in if case .press(let press) = event { press } else { nil } }
        #expect(press == [
            .began(atMicros: 0, force: .grams(400), position: .center),
            .peek(atMicros: 0, force: .grams(400)),
            .pop(atMicros: 0, force: .grams(400)),
            .released(atMicros: 100_000, stage: .pop),
        ])
        // Pop replaces peek before it starts: the pop pattern (on 20, off 30, on 20) plays from t = 0.
        #expect(harness.record.calls.map(\.active) == [true, false, true, false])
        #expect(harness.record.calls.map(\.atMicros) == [0, 20_000, 50_000, 70_000])
        let latency = harness.readers.publishedLatencies().stageLatency
        #expect(latency.count == 1 && latency.maxMicros == 0)
    }

    @Test func hapticEventsCarryTheirPeriodAndTheTimeTheLineWasSet() {
        var harness = Harness()
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 30)
        let haptic = harness.events().compactMap { event -> String? in
            if case .haptic(let haptic, let line) = event { "\(haptic.timeMicros)/\(line)" } else { nil }
        }
        #expect(haptic == ["0/driven(lineMicros: 0, stageMicros: Optional(0))", "15000/driven(lineMicros: 15000, stageMicros: nil)"])
    }

    @Test func dryRunReportsTheSameEventsButNeverTouchesTheLine() {
        var dry = Self.haptics
        dry.lineAccess = .dryRun
        var harness = Harness(haptics: dry)
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 30)
        let onOff = harness.events().filter { if case .haptic = $0 { true } else { false } }
        #expect(onOff.count == 2)
        #expect(harness.record.calls.isEmpty)
        // Nothing was driven, so nothing was measured: the events say dry-run, not a latency.
        #expect(onOff.allSatisfy { if case .haptic(_, .dryRun) = $0 { true } else { false } })
        #expect(harness.readers.publishedLatencies().stageLatency.count == 0)
    }

    @Test func switchingToDryRunWhileTheLineIsOnDrivesItOffFirst() {
        var harness = Harness()
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 5)
        #expect(harness.record.values == [true])
        var dry = Self.haptics
        dry.lineAccess = .dryRun
        harness.send(.apply(LoopSettings(recognizer: Self.recognizer, pipeline: Self.pipelineSettings, haptics: dry)))
        harness.run(fromMillis: 5, toMillis: 6)
        #expect(harness.record.values == [true, false])
        #expect(!harness.readers.latestSnapshot().hapticLineActive)
    }

    @Test func cancelEndsThePressWithReasonCommand() {
        var harness = Harness()
        harness.send(.simulate(.press(force: .grams(100), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 3)
        harness.send(.cancelPress)
        harness.run(fromMillis: 3, toMillis: 4)
        let last = harness.events().last
        guard case .press(let press) = last else {
            Issue.record("expected a press event last, got \(String(describing: last))")
            return
        }
        #expect(press == .cancelled(atMicros: 3000, reason: .command))
    }

    @Test func aPeriodNobodyAskedInPublishesNothing() {
        var harness = Harness(cells: 2)
        harness.send(.simulate(.press(force: .grams(200), position: .center, holdMicros: 0)))
        harness.run(fromMillis: 0, toMillis: 3, asked: false)
        let ticked = harness.link.ticks.load(ordering: .acquiring)
        #expect(ticked == 3)
        let initial = harness.readers.latestSnapshot()
        #expect(initial.counters.ticks == 0 && !initial.hasFrame && initial.appliedCommand == 0)
        harness.run(fromMillis: 3, toMillis: 4)
        let stillWanted = harness.link.isAsked(.snapshot)
        #expect(!stillWanted)
        let asked = harness.readers.latestSnapshot()
        #expect(asked.counters.ticks == 4 && asked.appliedCommand == 1)
        #expect(asked.raw.timeMicros == 3000 && asked.force.timeMicros == 3000)
        #expect(asked.force.total == .grams(200))
        #expect(asked.force.cellMilligrams[0] + asked.force.cellMilligrams[1] == 200_000)
        #expect(asked.cellCounts.readings[0] > 0 && asked.pressState != .idle)
        harness.run(fromMillis: 4, toMillis: 6, asked: false)
        #expect(harness.readers.latestSnapshot().counters.ticks == 4)
    }

    /// The four requests share one word: a period answers and withdraws the snapshot and the
    /// latencies it was asked for, and leaves the recording and the live view asked.
    @Test func aPeriodWithdrawsTheRequestsItAnsweredAndKeepsTheStandingOnes() {
        let harness = Harness()
        let frames = harness.link.frames.takeConsumer()!
        let forces = harness.link.forces.takeConsumer()!
        harness.link.ask([.snapshot, .latencies, .recordingFrames, .streamingForces])
        harness.run(fromMillis: 0, toMillis: 1, asked: false)
        #expect(!harness.link.isAsked(.snapshot) && !harness.link.isAsked(.latencies))
        #expect(harness.link.isAsked(.recordingFrames) && harness.link.isAsked(.streamingForces))
        #expect(harness.readers.latestSnapshot().counters.ticks == 1)
        #expect(frames.count == 1 && forces.count == 1)
        harness.link.withdraw([.recordingFrames, .streamingForces])
        harness.run(fromMillis: 1, toMillis: 2, asked: false)
        #expect(harness.link.requests.load(ordering: .acquiring) == 0)
        #expect(frames.count == 1 && forces.count == 1)
    }

    @Test func aReaderGetsTheSnapshotOfAPeriodEndedAfterItAsked() throws {
        let harness = Harness()
        let loop = harness.loop
        let loopThread = try PosixThread {
            var clock = MonotonicClock()
            loop.run(clock: &clock)
        }
        let running = harness.link.progress.until(timeoutMicros: 5_000_000) { harness.link.ticks.load(ordering: .acquiring) >= 3 }
        #expect(running)
        for _ in 0..<20 {
            let before = harness.link.ticks.load(ordering: .acquiring)
            let snapshot = harness.readers.askForSnapshot(timeoutMicros: 5_000_000)
            #expect(snapshot.counters.ticks > before, "asked after tick \(before), got the snapshot of tick \(snapshot.counters.ticks)")
            #expect(snapshot.hasFrame)
        }
        harness.link.stopRequested.store(true, ordering: .relaxed)
        loopThread.join()
        // Once stopped, the snapshot the loop left, at once.
        let started = MonotonicClock().nowMicros()
        let last = harness.readers.askForSnapshot(timeoutMicros: 5_000_000)
        #expect(MonotonicClock().nowMicros() - started < 1_000_000)
        let ticks = harness.link.ticks.load(ordering: .acquiring)
        #expect(last.counters.ticks == ticks)
        #expect(!last.hapticLineActive)
    }

    @Test func lateWakeUpsSkipMissedPeriodsInsteadOfBursting() {
        let harness = Harness()
        var clock = ManualClock(startMicros: 10_000)
        // Period 3 wakes 3.5 periods late: the two periods that passed meanwhile are skipped
        // and the loop resumes at the next deadline (run 0.5 period late) rather than bursting.
        clock.pendingLateness = [0, 0, 0, 3_500, 0, 0]
        let stopper = StopAfterSleeps(link: harness.link, sleeps: 6)
        var counting = CountingClock(inner: clock, onSleep: stopper.sleep)
        harness.loop.run(clock: &counting)
        let snapshot = harness.readers.latestSnapshot()
        #expect(snapshot.counters.ticks == 6)
        #expect(snapshot.counters.missedPeriods == 2)
        #expect(snapshot.counters.maxLatenessMicros == 3_500)
        // Frames are stamped at their deadlines: 0, 1, 2, 3 ms, then 6 and 7 ms after the skip.
        #expect(snapshot.raw.timeMicros == 7_000)
        let overruns = harness.events().compactMap { event -> Int64? in
            if case .overrun(let at, let missed) = event { at * 10 + missed } else { nil }
        }
        #expect(overruns == [Int64(6_000 * 10 + 2)])
    }

    @Test func hapticLineIsDrivenOffBeforeTheFirstAndAfterTheLastPeriod() {
        let harness = Harness()
        let stopper = StopAfterSleeps(link: harness.link, sleeps: 2)
        var clock = CountingClock(inner: ManualClock(), onSleep: stopper.sleep)
        harness.loop.run(clock: &clock)
        #expect(harness.record.values == [false, false])
        #expect(harness.readers.latestSnapshot().counters.ticks == 2)
    }
}

/// Requests a stop once a number of sleeps has happened.
private final class StopAfterSleeps: @unchecked Sendable {
    let link: LoopLink
    let limit: Int
    private var count = 0
    init(link: LoopLink, sleeps: Int) {
        self.link = link
        limit = sleeps
    }
    func sleep() {
        count += 1
        if count >= limit { link.stopRequested.store(true, ordering: .relaxed) }
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
