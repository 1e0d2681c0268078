import ForcePadCore
import ForcePadHAL
import Testing

@testable import ForcePadApp

/// The sequencer following the stages, off the loop: pop's sequence after peek, peek's after a
/// release, GO per stage with the i2c trigger (one transfer each, latency recorded), standby
/// while the sensor is lost.
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
        #expect(stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))), nowMicros: { 1_100 }) == nil)
        // Three steps and a terminator: four transfers, none on the loop.
        #expect(writes(session) - before == 4)
        #expect(slots(session) == [1, 0x85, 1, 0])
        #expect(stages.follow(.press(.pop(atMicros: 2_000, force: .grams(400))), nowMicros: { 2_100 }) == nil)
        #expect(writes(session) - before == 4)
        #expect(stages.follow(.press(.released(atMicros: 3_000, stage: .pop)), nowMicros: { 3_100 }) == nil)
        #expect(slots(session)[0...1] == [24, 0])
        // The edge trigger never writes GO.
        #expect(session.bus.withBus { $0.sequencesPlayed } == 0)
    }

    @Test func theI2CTriggerWritesGOPerStageAndRecordsItsLatency() throws {
        let (session, stages) = try started(.i2c)
        let before = writes(session)
        _ = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))), nowMicros: { 1_250 })
        // GO for peek (one transfer), then pop's sequence loaded for the next stage (four).
        #expect(writes(session) - before == 5)
        _ = stages.follow(.press(.pop(atMicros: 2_000, force: .grams(400))), nowMicros: { 2_300 })
        #expect(writes(session) - before == 6)
        #expect(session.bus.withBus { $0.sequencesPlayed } == 2)
        let latency = stages.goLatency
        #expect(latency.count == 2)
        #expect(latency.percentileMicros(permille: 1000) ?? 0 >= 300)
    }

    @Test func aLostSensorPutsTheChipInStandbyAndItsReturnSetsItUpAgain() throws {
        let (session, stages) = try started(.gpioEdge)
        #expect(stages.follow(.sensorLost(atMicros: 5_000, errno: 5), nowMicros: { 5_000 }) == nil)
        #expect(try session.isInStandby())
        #expect(stages.follow(.sensorRestored(atMicros: 9_000), nowMicros: { 9_000 }) == nil)
        #expect(try !session.isInStandby())
        #expect(slots(session)[0...1] == [24, 0])
    }

    @Test func aFailedLoadIsReturnedForTheEventLine() throws {
        let (session, stages) = try started(.gpioEdge)
        session.bus.withBus { $0.failingTransfers = 2 }
        let failure = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))), nowMicros: { 1_100 })
        #expect(failure != nil)
        #expect(session.lastError == failure?.description)
    }

    @Test func withHapticsOffNoGOIsWrittenAndARestoredSensorLeavesTheChipInStandby() throws {
        let (session, stages) = try started(.i2c)
        stages.drives.store(false, ordering: .relaxed)
        _ = stages.follow(.press(.peek(atMicros: 1_000, force: .grams(200))), nowMicros: { 1_100 })
        #expect(session.bus.withBus { $0.sequencesPlayed } == 0)
        _ = stages.follow(.sensorLost(atMicros: 5_000, errno: 5), nowMicros: { 5_000 })
        _ = stages.follow(.sensorRestored(atMicros: 9_000), nowMicros: { 9_000 })
        #expect(try session.isInStandby())
    }
}
