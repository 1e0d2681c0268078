import ForcePadCore
import ForcePadHAL
import Testing

/// When the true force crossed a stage's threshold: the last upward crossing before the stage
/// fired, on the line between the readings around it, and none across a gap, before the
/// press or when the force never reached the threshold. The live history and a recording's
/// readings give the same answer.
@Suite struct ReferenceCrossingTests {
    /// Readings every 10 ms (forces in g), and the crossing of `threshold` (g) for a stage at
    /// `stage` (µs) from both the recording's readings and the live history; they must agree.
    static func crossing(
        _ readings: [(Int64, Double)], threshold: Double, stage: Int64, windowStart: Int64 = 0, period: Int64 = 10_000
    ) -> Int64? {
        let samples = readings.map { ReferenceSample(timeMicros: $0.0, force: Force.fromGrams($0.1)) }
        let recorded = ReferenceReadings(samples, samplePeriodMicros: period)
            .crossing(of: Force.fromGrams(threshold), stageMicros: stage, windowStartMicros: windowStart)
        var history = ReferenceHistory(samplePeriodMicros: period)
        for sample in samples { history.append(sample) }
        let live = history.crossing(of: Force.fromGrams(threshold), stageMicros: stage, windowStartMicros: windowStart)
        #expect(recorded == live, "the live history and the recording disagree")
        return recorded
    }

    @Test func betweenTwoReadingsOnTheLineBetweenThem() {
        // 100 g at 10 ms, 200 g at 20 ms: 150 g at 15 ms; 120 g at 12 ms.
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 100), (20_000, 200), (30_000, 300)]
        #expect(Self.crossing(readings, threshold: 150, stage: 25_000) == 15_000)
        #expect(Self.crossing(readings, threshold: 120, stage: 25_000) == 12_000)
    }

    @Test func exactlyOnAReadingIsThatReadingsTime() {
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 100), (20_000, 150), (30_000, 300)]
        #expect(Self.crossing(readings, threshold: 150, stage: 25_000) == 20_000)
        // A stage fired in the very frame of that reading.
        #expect(Self.crossing(readings, threshold: 150, stage: 20_000) == 20_000)
    }

    @Test func roundsToTheNearestMicrosecond() {
        // 0 g at 0, 300 g at 10 ms: 100 g at 3333.3 µs, 200 g at 6666.7 µs.
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 300)]
        #expect(Self.crossing(readings, threshold: 100, stage: 10_000) == 3_333)
        #expect(Self.crossing(readings, threshold: 200, stage: 10_000) == 6_667)
    }

    @Test func aPadThatFiresBeforeTheTrueForceArrivesGetsTheCrossingJustAfter() {
        // Below at the frame (12 ms, ~120 g), 200 g at 20 ms: the crossing of 150 g at 15 ms.
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 100), (20_000, 200)]
        #expect(Self.crossing(readings, threshold: 150, stage: 12_000) == 15_000)
        // Not yet known before the reading after the frame has come.
        #expect(Self.crossing(Array(readings.prefix(2)), threshold: 150, stage: 12_000) == nil)
    }

    @Test func noCrossingWhenTheTrueForceNeverReachedTheThreshold() {
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 100), (20_000, 140), (30_000, 120)]
        #expect(Self.crossing(readings, threshold: 150, stage: 25_000) == nil)
        #expect(Self.crossing([], threshold: 150, stage: 25_000) == nil)
    }

    @Test func severalCrossingsInOnePressGiveTheLastBeforeTheStage() {
        // Up through 150 g at 15 ms, down, up again at 45 ms, the stage at 52 ms; a third
        // crossing after the stage (at 75 ms) is not it.
        let readings: [(Int64, Double)] = [
            (0, 0), (10_000, 100), (20_000, 200), (30_000, 140), (40_000, 100), (50_000, 200), (60_000, 200),
            (70_000, 100), (80_000, 200),
        ]
        #expect(Self.crossing(readings, threshold: 150, stage: 52_000) == 45_000)
        #expect(Self.crossing(readings, threshold: 150, stage: 22_000) == 15_000)
    }

    @Test func aGapBetweenTheCrossingAndTheStageGivesNone() {
        // Readings every 10 ms with 30 ms missing after the crossing (wider than two periods):
        // the force may have dipped and crossed again unseen.
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 100), (20_000, 200), (50_000, 220), (60_000, 230)]
        #expect(Self.crossing(readings, threshold: 150, stage: 55_000) == nil)
        // Across the crossing itself.
        let across: [(Int64, Double)] = [(0, 0), (10_000, 100), (40_000, 200), (50_000, 220)]
        #expect(Self.crossing(across, threshold: 150, stage: 45_000) == nil)
        // A gap of two periods is still interpolated across.
        let twoPeriods: [(Int64, Double)] = [(0, 0), (10_000, 100), (30_000, 200), (40_000, 220)]
        #expect(Self.crossing(twoPeriods, threshold: 150, stage: 35_000) == 20_000)
    }

    @Test func aCrossingBeforeThePressWindowIsNotLookedFor() {
        // Already above 150 g when the window began at 25 ms.
        let readings: [(Int64, Double)] = [(0, 0), (10_000, 100), (20_000, 200), (30_000, 200), (40_000, 200)]
        #expect(Self.crossing(readings, threshold: 150, stage: 35_000, windowStart: 25_000) == nil)
        #expect(Self.crossing(readings, threshold: 150, stage: 35_000, windowStart: 10_000) == 15_000)
    }
}
