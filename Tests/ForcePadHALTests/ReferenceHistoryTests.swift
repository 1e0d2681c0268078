import ForcePadCore
import ForcePadHAL
import Testing

/// The reference force at a frame's time: interpolated between the readings around it, and
/// nothing across a gap or before a reading after it has come.
@Suite struct ReferenceHistoryTests {
    static func history(_ readings: [(Int64, Int32)], period: Int64 = 12_500) -> ReferenceHistory {
        var history = ReferenceHistory(samplePeriodMicros: period)
        for (time, milligrams) in readings { history.append(ReferenceSample(timeMicros: time, force: Force(milligrams: milligrams))) }
        return history
    }

    @Test func interpolatesBetweenTheTwoReadingsAroundTheTime() {
        let history = Self.history([(0, 0), (12_500, 100_000), (25_000, 150_000)])
        #expect(history.force(atMicros: 5_000) == Force(milligrams: 40_000))
        #expect(history.force(atMicros: 18_750) == Force(milligrams: 125_000))
        #expect(history.force(atMicros: 12_500) == Force(milligrams: 100_000))
        #expect(history.force(atMicros: 25_000) == Force(milligrams: 150_000))
    }

    @Test func unloadingInterpolatesDownwardsAndRounds() {
        let history = Self.history([(0, 100_000), (3, 0)])
        #expect(history.force(atMicros: 1) == Force(milligrams: 66_667))
    }

    @Test func nothingAfterTheNewestReadingOrBeforeTheOldest() {
        let history = Self.history([(10_000, 5_000), (20_000, 6_000)])
        #expect(history.force(atMicros: 20_001) == nil)
        #expect(history.force(atMicros: 9_999) == nil)
        #expect(ReferenceHistory(samplePeriodMicros: 1_000).force(atMicros: 0) == nil)
    }

    @Test func nothingAcrossAGapOfMoreThanTwoPeriods() {
        let history = Self.history([(0, 0), (25_000, 1_000), (50_001, 2_000)])
        #expect(history.force(atMicros: 10_000) == Force(milligrams: 400))
        #expect(history.force(atMicros: 30_000) == nil)
    }

    @Test func settledOnceAReadingAfterCameOrTooLongPassed() {
        let history = Self.history([(0, 0), (12_500, 1_000)])
        #expect(history.isSettled(atMicros: 12_499, nowMicros: 12_500))
        // A reading at the frame itself is not enough: below the threshold there, the stage's
        // crossing lies between it and the next reading (a live haptic.on went without its
        // crossing→line that the recording then gave).
        #expect(!history.isSettled(atMicros: 12_500, nowMicros: 12_500))
        #expect(!history.isSettled(atMicros: 13_000, nowMicros: 30_000))
        let late = 13_000 + history.maxGapMicros + ReferenceHistory.deliveryAllowanceMicros
        #expect(!history.isSettled(atMicros: 13_000, nowMicros: late))
        #expect(history.isSettled(atMicros: 13_000, nowMicros: late + 1))
    }

    /// On a busy machine the reader hands over a reading well after the time it was taken: a
    /// stage whose frame came just before the true force crossed still waits for it.
    @Test func aReadingHandedOverLateIsStillWaitedFor() {
        let history = Self.history([(0, 0), (12_500, 1_000)])
        #expect(!history.isSettled(atMicros: 13_000, nowMicros: 13_000 + 100_000))
    }

    @Test func keepsTheNewestReadingsWhenFullAndIgnoresOlderOnes() {
        var history = ReferenceHistory(samplePeriodMicros: 10)
        for index in 0..<Int64(ReferenceHistory.capacity + 10) {
            history.append(ReferenceSample(timeMicros: index * 10, force: Force(milligrams: Int32(index))))
        }
        history.append(ReferenceSample(timeMicros: 5, force: .grams(9)))
        #expect(history.count == ReferenceHistory.capacity)
        #expect(history.latest == ReferenceSample(timeMicros: Int64(ReferenceHistory.capacity + 9) * 10, force: Force(milligrams: Int32(ReferenceHistory.capacity + 9))))
        #expect(history.force(atMicros: 95) == nil)
        #expect(history.force(atMicros: 105) == Force(milligrams: 11))
    }
}
