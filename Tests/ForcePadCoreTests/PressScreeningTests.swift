import ForcePadCore
import Testing

/// Disturbances found in a recording's times, and the presses they touch.
@Suite struct PressScreeningTests {
    static func press(_ began: Int64, _ ended: Int64?) -> PressRecord {
        var record = PressRecord(beganMicros: began, beganForce: .zero)
        if let ended {
            record.endedMicros = ended
            record.ending = .released(.peek)
        }
        return record
    }

    @Test func aStepOfNPeriodsIsNMinusOneFramesMissing() {
        let found = TrialDisturbance.missingFrames(timesMicros: [0, 1000, 2000, 5000, 6000, 7400, 8000], periodMicros: 1000)
        #expect(found == [TrialDisturbance(kind: .framesMissing, startMicros: 2000, endMicros: 5000, frames: 2)])
        #expect(found.first?.summary == "2 frames missing")
        #expect(TrialDisturbance.missingFrames(timesMicros: [0, 1500, 3000], periodMicros: 1000).map(\.frames) == [1, 1])
        #expect(TrialDisturbance.missingFrames(timesMicros: [.min, .max], periodMicros: 1000).isEmpty)
        #expect(TrialDisturbance.missingFrames(timesMicros: [0, 5000], periodMicros: 0).isEmpty)
    }

    @Test func referenceGapsLongerThanTwoPeriodsCountIncludingBeforeTheFirstAndAfterTheLastReading() {
        let found = TrialDisturbance.referenceGaps(
            timesMicros: [1000, 13500, 26000, 60000, 72500], periodMicros: 12500, startMicros: 0, endMicros: 110_000)
        #expect(found.map { [$0.startMicros, $0.endMicros] } == [[26000, 60000], [72500, 110_000]])
        #expect(found.first?.summary == "reference gap 34ms")
        #expect(TrialDisturbance.referenceGaps(timesMicros: [], periodMicros: 12500, startMicros: 0, endMicros: 20000).isEmpty)
    }

    @Test func aLossLastsUntilItIsRestoredOrTheRecordingEnds() {
        let events: [(timeMicros: Int64, name: String)] = [
            (100, "sensor.lost"), (150, "sensor.lost"), (300, "sensor.restored"), (500, "press.began"), (700, "sensor.lost"),
        ]
        let found = TrialDisturbance.losses(events, lost: "sensor.lost", restored: "sensor.restored", kind: .sensorLost, endMicros: 900)
        #expect(found.map { [$0.startMicros, $0.endMicros] } == [[100, 300], [700, 900]])
    }

    @Test func aPressIsTouchedFromTheSettlingTimeBeforeItsTouchForLostFramesOnly() {
        let records = [Self.press(10_000, 20_000), Self.press(50_000, 60_000), Self.press(90_000, nil)]
        let frames = [
            TrialDisturbance(kind: .framesMissing, startMicros: 45_000, endMicros: 47_000, frames: 1),  // settling before press 2
            TrialDisturbance(kind: .framesMissing, startMicros: 25_000, endMicros: 27_000, frames: 1),  // after press 1, long before 2
        ]
        let screening = PressScreening(records: records, disturbances: frames, settleMicros: 10_000, endMicros: 120_000)
        #expect(screening.exclusions.map(\.press) == [2])
        #expect(screening.judged == 2 && screening.presses == 3)
        #expect(!screening.isExcluded(index: 0) && screening.isExcluded(index: 1))
        // A reference gap in the same place does not reach through the pad's filter.
        let gap = TrialDisturbance(kind: .referenceGap, startMicros: 45_000, endMicros: 47_000)
        #expect(PressScreening(records: records, disturbances: [gap], settleMicros: 10_000, endMicros: 120_000).exclusions.isEmpty)
        // An unfinished press lasts to the end of the recording.
        let late = TrialDisturbance(kind: .sensorLost, startMicros: 110_000, endMicros: 115_000)
        #expect(PressScreening(records: records, disturbances: [late], settleMicros: 10_000, endMicros: 120_000).exclusions.map(\.press) == [3])
        // Touching at the very end of a press (the disturbance begins as it ends) does not count.
        let after = TrialDisturbance(kind: .framesMissing, startMicros: 20_000, endMicros: 22_000, frames: 1)
        #expect(PressScreening(records: records, disturbances: [after], settleMicros: 0, endMicros: 120_000).exclusions.isEmpty)
    }

    @Test func theDefaultMinimumIsThreeQuartersRoundedUp() {
        #expect([0, 1, 4, 20, 21].map(TrialLimits.defaultJudgedPressesMin) == [0, 1, 3, 15, 16])
        #expect(TrialLimits(judgedPressesMin: 18).judgedPressesMin(of: 20) == 18)
    }
}
