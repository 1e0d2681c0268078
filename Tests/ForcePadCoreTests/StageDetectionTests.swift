import ForcePadCore
import Testing

/// Misses judged against the truth: a finished press whose true peak reached the threshold
/// plus the margin without the stage is a miss; cancelled presses and presses without a
/// known peak are not judged.
@Suite struct StageDetectionTests {
    func record(_ began: Int64, pop: Bool, cancelled: Bool = false) -> PressRecord {
        var record = PressRecord(beganMicros: began, beganForce: .grams(30))
        record.endedMicros = began + 100_000
        record.ending = cancelled ? .cancelled(.multiTouch) : .released(pop ? .pop : .peek)
        if pop { record.pop = StageFiring(timeMicros: began + 50_000, force: .grams(301)) }
        return record
    }

    @Test func aPressPastTheMissLevelWithoutTheStageIsAMiss() {
        let records = [record(0, pop: true), record(1_000_000, pop: false), record(2_000_000, pop: false),
                       record(3_000_000, pop: false, cancelled: true), record(4_000_000, pop: false)]
        let peaks: [Force?] = [.grams(400), .grams(330), .grams(315), .grams(500), nil]
        let detection = StageDetection(
            stage: .pop, records: records, peaks: peaks, threshold: .grams(300), margin: .grams(20), basis: .reference)
        #expect(detection.missLevel == .grams(320))
        #expect(detection.judged == 3)
        #expect(detection.misses == [2])
        let check = detection.check(missesMax: 0)
        #expect(!check.passed)
        #expect(check.name == "pop fired in every press whose true force (reference) reached 320g")
        #expect(check.measured == "1 miss in 3 presses judged (press 2)")
        #expect(detection.check(missesMax: 1).passed)
    }

    @Test func everyPressHasAnOutcomeHitMissFalseFireNearOrNotReached() {
        // Fired at a true peak of 400 g (hit) and 290 g (near: below 300 g, within the 20 g
        // margin) and 250 g (false fire: below 280 g); not fired at 330 g (miss) and 310 g (not
        // reached: below the 320 g miss level); cancelled and unknown peaks are not judged.
        let records = [record(0, pop: true), record(1, pop: true), record(2, pop: true), record(3, pop: false),
                       record(4, pop: false), record(5, pop: true, cancelled: true), record(6, pop: true)]
        let peaks: [Force?] = [.grams(400), .grams(290), .grams(250), .grams(330), .grams(310), .grams(500), nil]
        let detection = StageDetection(
            stage: .pop, records: records, peaks: peaks, threshold: .grams(300), margin: .grams(20), basis: .reference)
        #expect(detection.outcomes == [.hit, .near, .falseFire, .miss, .notReached, .notJudged, .notJudged])
        #expect(detection.misses == [4] && detection.falseFires == [3] && detection.judged == 5)
        // At the threshold exactly is a hit; at threshold − margin exactly is near, not false.
        let edges = StageDetection(
            stage: .pop, records: [record(0, pop: true), record(1, pop: true)], peaks: [.grams(300), .grams(280)],
            threshold: .grams(300), margin: .grams(20), basis: .reference)
        #expect(edges.outcomes == [.hit, .near])
    }
}
