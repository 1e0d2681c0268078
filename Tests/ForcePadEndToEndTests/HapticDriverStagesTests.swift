import ForcePadCore
import ForcePadHAL
import Testing

@testable import ForcePadApp

/// The sequencer following the stages, off the loop: pop's sequence after peek, peek's after a
/// release, never GO (the loop writes it with the i2c trigger), standby while the sensor is
/// lost.
@Suite struct HapticDriverStagesTests {
    typealias Session = HapticDriverSession<SharedByteRegisterBus<SimulatedDRV2605L>>
    let peek = try! DRV2605LSequence([.effect(24)])
    let pop = try! DRV2605LSequence([.effect(1), .wait(milliseconds: 50), .effect(1)])

    func started(_ trigger: HapticDriverTrigger) throws -> (Session, HapticDriverStages) {
        var description = HapticDriverSessionTests.lra
        description.trigger = trigger
        let session = try Session(description: description, bus: SharedByteRegisterBus(SimulatedDRV2605L()))
        let effects = ["peek": peek, "pop": pop]
        try session.start(calibration: nil, sequence: HapticDriverStages.first(of: effects))
        return (session, HapticDriverStages(driver: session, effects: effects))
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
        #expect(session.lastError == failure?.description)
    }

    @Test func withHapticsOffARestoredSensorLeavesTheChipInStandby() throws {
        let (session, stages) = try started(.gpioEdge)
        stages.drives.store(false, ordering: .relaxed)
        _ = stages.follow(.sensorLost(atMicros: 5_000, errno: 5))
        _ = stages.follow(.sensorRestored(atMicros: 9_000))
        #expect(try session.isInStandby())
    }
}
