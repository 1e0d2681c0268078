import ForcePadCore
import Testing

/// The crossing→line latency is its three parts, end to end, and the frame where the filtered
/// total crossed is the start of the run of frames at or above the threshold.
@Suite struct CrossingLatencyPartsTests {
    @Test func thePartsAddUpToTheWhole() {
        let latency = CrossingLatency(crossingMicros: 10_000, padCrossingMicros: 14_000, stageMicros: 19_000, lineMicros: 19_040, uncertaintyMicros: 12_500)
        #expect(latency.filterDelayMicros == 4_000 && latency.dwellMicros == 5_000 && latency.stageToLineMicros == 40)
        #expect(latency.crossingToLineMicros == 9_040)
        // A pad that reached the threshold before the true force did: a negative filter delay.
        let early = CrossingLatency(crossingMicros: 15_000, padCrossingMicros: 14_000, stageMicros: 19_000, lineMicros: 19_040, uncertaintyMicros: 12_500)
        #expect(early.filterDelayMicros == -1_000 && early.crossingToLineMicros == 4_040)
    }

    @Test func theFilteredCrossingIsTheStartOfTheRunHoldingTheStage() {
        var series = ForceSeries()
        // 1 ms frames: up through 150 g at 3 ms, a dip at 5 ms, up again from 6 ms.
        for (time, grams) in [(1, 100), (2, 140), (3, 150), (4, 160), (5, 149), (6, 155), (7, 170), (8, 180)] {
            series.append(timeMicros: Int64(time * 1_000), total: .grams(Int32(grams)))
        }
        #expect(series.runStart(atOrAbove: .grams(150), holding: 8_000) == 6_000)
        #expect(series.runStart(atOrAbove: .grams(150), holding: 4_000) == 3_000)
        #expect(series.runStart(atOrAbove: .grams(150), holding: 5_000) == nil)
        #expect(series.runStart(atOrAbove: .grams(150), holding: 4_500) == nil)
    }
}
