import ForcePadCore
import Testing

/// The stand's safety rule: the force limit, an alarm and silence each stop it, nothing else does.
@Suite struct StandSafetyTests {
    static let stand = StandDescription(
        model: .gcode, device: "/dev/ttyUSB1", baud: 115_200, maxSpeed: 300_000, travelLimits: 0...20_000,
        forceLimit: .grams(1_000), commandPeriodMicros: 50_000)
    let safety = StandSafety(stand: stand)
    let moving = StandStatus(state: .moving, travel: 1_000)

    @Test func aQuietStandAnsweringInTimeGoesOn() {
        #expect(safety.stopReason(nowMicros: 1_150_000, lastAnswerMicros: 1_000_000, force: .grams(999), status: moving) == nil)
    }

    @Test func theForceLimitStopsIt() {
        #expect(safety.stopReason(nowMicros: 0, lastAnswerMicros: 0, force: .grams(1_000), status: moving)
            == .forceLimit(force: .grams(1_000), limit: .grams(1_000)))
    }

    @Test func anAlarmStopsIt() {
        let alarm = StandStatus(state: .alarm, travel: nil, alarm: "ALARM:1")
        #expect(safety.stopReason(nowMicros: 0, lastAnswerMicros: 0, force: nil, status: alarm) == .alarm("ALARM:1"))
    }

    @Test func silenceBeyondThreeCommandPeriodsStopsIt() {
        #expect(safety.stopReason(nowMicros: 150_000, lastAnswerMicros: 0, force: nil, status: moving) == nil)
        #expect(safety.stopReason(nowMicros: 150_001, lastAnswerMicros: 0, force: nil, status: moving) == .silent(micros: 150_001))
    }

    @Test func eachStopSaysWhyInOneLine() {
        #expect(StandStopReason.silent(micros: 160_000).description.contains("no answer for 160 ms"))
        #expect(StandStopReason.forceLimit(force: .grams(1_200), limit: .grams(1_000)).description == "stand stopped: force 1200g reached the limit 1000g")
        #expect(!StandStopReason.alarm("ALARM:1").description.contains("\n"))
        #expect(StandStopReason.requested.isFault == false)
        #expect(StandStopReason.sensorLost("x").isFault)
    }

    @Test func theSpringPressesPastContactAndSnaps() {
        let spring = SimulatedStandSettings(acceleration: 200_000, contact: 2_000, stiffness: 200, snapAt: 1_000, snapWidth: 200, snapDrop: .grams(60))
        #expect(spring.force(atTravel: 1_500) == .zero)
        #expect(spring.force(atTravel: 2_500) == .grams(100))
        #expect(spring.force(atTravel: 3_000) == .grams(200))
        #expect(spring.force(atTravel: 3_100) == .grams(190))
        #expect(spring.force(atTravel: 3_200) == .grams(180))
        #expect(spring.force(atTravel: 3_500) == .grams(240))
    }
}
