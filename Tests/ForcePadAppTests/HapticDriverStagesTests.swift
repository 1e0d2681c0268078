import ForcePadCore
import ForcePadHAL
import Synchronization
import Testing

@testable import ForcePadApp

/// The sequencer following the stages, off the loop: pop's sequence after peek, peek's after a
/// release, never GO (the loop writes it with the i2c trigger), standby while the sensor is
/// lost.
@Suite struct HapticDriverStagesTests {
    typealias Session = HapticDriverSession<SharedByteRegisterBus<SimulatedDRV2605L>>
    let peek = try! DRV2605LSequence([.effect(24)])
    let pop = try! DRV2605LSequence([.effect(1), .wait(milliseconds: 50), .effect(1)])

    /// The loop time the stages read after each load (µs), and the loop time of the last
    /// period the loop finished (every period has finished unless a test says otherwise).
    final class LoopTime: Sendable {
        let micros = Atomic<Int64>(0)
        let finished = Atomic<Int64>(.max)
    }

    func started(_ trigger: HapticDriverTrigger, time: LoopTime = LoopTime()) throws -> (Session, HapticDriverStages) {
        var description = HapticDriverSessionTests.lra
        description.trigger = trigger
        let session = try Session(description: description, bus: SharedByteRegisterBus(SimulatedDRV2605L()))
        let effects = ["peek": peek, "pop": pop]
        try session.start(calibration: nil, sequence: HapticDriverStages.first(of: effects))
        let stages = HapticDriverStages(
            driver: session, effects: effects, loopMicros: { time.micros.load(ordering: .relaxed) },
            finishedPeriodMicros: { time.finished.load(ordering: .relaxed) })
        return (session, stages)
    }

    func slots(_ session: Session) -> [UInt8] {
        session.bus.withBus { chip in (0x04...0x07).map { chip.value(of: UInt8($0)) } }
    }

    func writes(_ session: Session) -> Int { session.bus.withBus { $0.writeCount } }

    @Test func popsSequenceIsLoadedAfterPeekAndPeeksAfterRelease() throws {
        let (session, stages) = try started(.gpioEdge)
        #expect(slots(session)[0...1] == [24, 0])
        let before = writes(session)
        #expect(stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200)))) == nil)
        // Three steps and a terminator: four transfers, none on the loop.
        #expect(writes(session) - before == 4)
        #expect(slots(session) == [1, 0x85, 1, 0])
        #expect(stages.follow(.press(.pop(atMicros: 2_000, force: .grams(400)))) == nil)
        #expect(writes(session) - before == 4)
        #expect(stages.follow(.press(.released(atMicros: 3_000, stage: .pop))) == nil)
        #expect(slots(session)[0...1] == [24, 0])
        // The edge trigger never writes GO.
        #expect(session.bus.withBus { $0.sequencesPlayed } == 0)
    }

    @Test func aSequenceIsNotRewrittenWhileOnePlays() throws {
        let time = LoopTime()
        let (session, stages) = try started(.i2c, time: time)
        // Peek's sequence plays for two reads of GO: at peek and at the next pump.
        session.bus.withBus { $0.playbackGoReads = 2 }
        try session.go()
        time.micros.store(2_000, ordering: .relaxed)
        #expect(stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200)))) == nil)
        #expect(slots(session)[0...1] == [24, 0])
        time.micros.store(7_000, ordering: .relaxed)
        #expect(stages.loadPending() == nil)
        #expect(slots(session)[0...1] == [24, 0])
        // The next pump finds GO clear: pop's sequence goes in.
        time.micros.store(12_000, ordering: .relaxed)
        #expect(stages.loadPending() == nil)
        #expect(slots(session) == [1, 0x85, 1, 0])
        // A pop at 10 ms fired while peek's was still in the slots.
        let warning = stages.follow(.press(.pop(atMicros: 10_000, force: .grams(400))))
        #expect(warning?.hasPrefix("pop fired before its sequence was in the slots (it was loaded 2 ms later)") == true)
        // Nothing waits any more: later pumps write nothing.
        let before = writes(session)
        #expect(stages.loadPending() == nil)
        #expect(writes(session) == before)
    }

    @Test func theNextSequenceWaitsForThePeriodOfTheStageToFinish() throws {
        let time = LoopTime()
        let (session, stages) = try started(.i2c, time: time)
        // The pump takes peek's event (fired at 1 ms) before the loop has written its GO:
        // GO reads clear, but the period has not finished, so nothing is loaded.
        time.finished.store(999, ordering: .relaxed)
        #expect(stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200)))) == nil)
        #expect(slots(session)[0...1] == [24, 0])
        #expect(stages.loadPending() == nil)
        #expect(slots(session)[0...1] == [24, 0])
        // The loop finishes the period: its GO plays peek's sequence for one more read of GO.
        session.bus.withBus { $0.playbackGoReads = 1 }
        try session.go()
        time.finished.store(1_000, ordering: .relaxed)
        #expect(stages.loadPending() == nil)
        #expect(slots(session)[0...1] == [24, 0])
        #expect(stages.loadPending() == nil)
        #expect(slots(session) == [1, 0x85, 1, 0])
    }

    @Test func aReleaseBeforeTheWaitingSequenceLoadedCancelsIt() throws {
        let (session, stages) = try started(.gpioEdge)
        session.bus.withBus { $0.playbackGoReads = 100 }
        try session.go()
        _ = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))))
        // Released before peek's playback ended: peek's sequence is the next one, and it is
        // still in the slots, so nothing is written.
        let before = writes(session)
        #expect(stages.follow(.press(.cancelled(atMicros: 3_000, reason: .multiTouch))) == nil)
        #expect(stages.loadPending() == nil)
        #expect(writes(session) == before)
        #expect(slots(session)[0...1] == [24, 0])
    }

    @Test func aFailedWaitingLoadIsReportedOnce() throws {
        let (session, stages) = try started(.gpioEdge)
        session.bus.withBus { $0.playbackGoReads = 1 }
        try session.go()
        _ = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))))
        session.bus.withBus { $0.failingTransfers = 4 }
        #expect(stages.loadPending() != nil)
        #expect(stages.loadPending() == nil)
        #expect(stages.loadPending() == nil)
        #expect(slots(session) == [1, 0x85, 1, 0])
    }

    @Test func theStagesNeverWriteGOTheLoopDoes() throws {
        let (session, stages) = try started(.i2c)
        _ = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))))
        _ = stages.follow(.press(.pop(atMicros: 2_000, force: .grams(400))))
        #expect(session.bus.withBus { $0.sequencesPlayed } == 0)
        #expect(slots(session) == [1, 0x85, 1, 0])
    }

    @Test func aLostSensorPutsTheChipInStandbyAndItsReturnSetsItUpAgain() throws {
        let (session, stages) = try started(.gpioEdge)
        #expect(stages.follow(.sensorLost(atMicros: 5_000, errno: 5)) == nil)
        #expect(try session.isInStandby())
        #expect(stages.follow(.sensorRestored(atMicros: 9_000)) == nil)
        #expect(try !session.isInStandby())
        #expect(slots(session)[0...1] == [24, 0])
    }

    @Test func aFailedLoadIsReturnedForTheEventLine() throws {
        let (session, stages) = try started(.gpioEdge)
        session.bus.withBus { $0.failingTransfers = 2 }
        let failure = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))))
        #expect(failure != nil)
        #expect(session.lastError == failure)
    }

    @Test func aPopBeforeItsSequenceWasLoadedIsCountedAndReported() throws {
        let time = LoopTime()
        let (_, stages) = try started(.gpioEdge, time: time)
        // Peek's sequence was loaded at start: peek at 1 ms played it.
        time.micros.store(6_000, ordering: .relaxed)
        #expect(stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200)))) == nil)
        // Pop's sequence was in the slots at 6 ms; a pop at 4 ms played peek's.
        let warning = stages.follow(.press(.pop(atMicros: 4_000, force: .grams(400))))
        #expect(warning == "pop fired before its sequence was in the slots (it was loaded 2 ms later); the chip played the sequence before it")
        #expect(stages.lateSequences.load(ordering: .relaxed) == 1)
        // The next press: peek's sequence is reloaded at 20 ms, after the release at 15 ms.
        time.micros.store(20_000, ordering: .relaxed)
        #expect(stages.follow(.press(.released(atMicros: 15_000, stage: .pop))) == nil)
        #expect(stages.follow(.press(.peek(atMicros: 25_000, force: .grams(200)))) == nil)
        time.micros.store(30_000, ordering: .relaxed)
        #expect(stages.follow(.press(.pop(atMicros: 30_500, force: .grams(400)))) == nil)
        #expect(stages.lateSequences.load(ordering: .relaxed) == 1)
    }

    @Test func aPeekAndPopPumpedTogetherCountThePopAsLate() throws {
        let time = LoopTime()
        let (_, stages) = try started(.gpioEdge, time: time)
        time.micros.store(9_000, ordering: .relaxed)
        #expect(stages.follow(.press(.peek(atMicros: 3_000, force: .grams(200)))) == nil)
        let warning = stages.follow(.press(.pop(atMicros: 3_000, force: .grams(400))))
        #expect(warning?.hasPrefix("pop fired before its sequence was in the slots (it was loaded 6 ms later)") == true)
        #expect(stages.lateSequences.load(ordering: .relaxed) == 1)
    }

    /// Sequences changed from the shell: the stage that fires next has its new sequence loaded
    /// at the next pump (never on the shell's thread), and the stages follow the new ones.
    @Test func sequencesChangedFromTheShellLoadAtTheNextPump() throws {
        let (session, stages) = try started(.gpioEdge)
        let newPeek = try DRV2605LSequence([.effect(47)])
        let newPop = try DRV2605LSequence([.effect(14), .wait(milliseconds: 20), .effect(14)])
        let before = writes(session)
        stages.use(["peek": newPeek, "pop": pop])
        #expect(writes(session) == before)
        #expect(stages.loadPending() == nil)
        #expect(slots(session)[0...1] == [47, 0])
        // A press: pop's new sequence goes in after peek, peek's new one after the release.
        stages.use(["peek": newPeek, "pop": newPop])
        #expect(stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200)))) == nil)
        #expect(slots(session) == [14, 0x82, 14, 0])
        #expect(stages.follow(.press(.pop(atMicros: 2_000, force: .grams(400)))) == nil)
        #expect(stages.follow(.press(.released(atMicros: 3_000, stage: .pop))) == nil)
        #expect(slots(session)[0...1] == [47, 0])
        // Changed between peek and pop: pop's is loaded, not the first stage's.
        #expect(stages.follow(.press(.peek(atMicros: 4_000, force: .grams(200)))) == nil)
        stages.use(["peek": newPeek, "pop": pop])
        #expect(stages.loadPending() == nil)
        #expect(slots(session) == [1, 0x85, 1, 0])
    }

    @Test func withHapticsOffARestoredSensorLeavesTheChipInStandby() throws {
        let (session, stages) = try started(.gpioEdge)
        stages.drives.store(false, ordering: .relaxed)
        _ = stages.follow(.sensorLost(atMicros: 5_000, errno: 5))
        _ = stages.follow(.sensorRestored(atMicros: 9_000))
        #expect(try session.isInStandby())
    }
}
