import ForcePadCore
import Testing

@Suite struct LatencyHistogramTests {
    @Test func percentilesBelow64MicrosecondsAreExact() {
        var histogram = LatencyHistogram()
        for _ in 0..<998 { histogram.record(17) }
        histogram.record(42)
        histogram.record(5_000)
        #expect(histogram.percentileMicros(permille: 500) == 17)
        #expect(histogram.percentileMicros(permille: 998) == 17)
        #expect(histogram.percentileMicros(permille: 999) == 42)
        #expect(histogram.percentileMicros(permille: 1000) == 5_000)
        #expect(histogram.maxMicros == 5_000 && histogram.count == 1_000)
    }

    @Test func aPercentileNeverUnderstatesAndOverstatesByAtMostOneSixteenth() {
        for value in Int64(0)..<(1 << 17) {
            var histogram = LatencyHistogram()
            histogram.record(value)
            histogram.record(1_000_000_000)
            let median = histogram.percentileMicros(permille: 500)!
            #expect(median >= value && median <= value + value / 16, "value \(value) read as \(median)")
            if median < value || median > value + value / 16 { return }
        }
    }

    @Test func percentilesOfAUniformSpreadAreWithinTheirBucket() {
        var histogram = LatencyHistogram()
        for value in Int64(1)...1_000 { histogram.record(value) }
        #expect(histogram.percentileMicros(permille: 500) == 511)
        #expect(histogram.percentileMicros(permille: 990) == 991)
        #expect(histogram.percentileMicros(permille: 999) == 1_000)
    }

    @Test func valuesBeyond131MillisecondsReadAsTheMaximum() {
        var histogram = LatencyHistogram()
        histogram.record(200_000)
        histogram.record(300_000)
        #expect(histogram.percentileMicros(permille: 500) == 300_000)
        #expect(histogram.counts[13] == 2)
    }

    @Test func negativeSamplesCountAsZero() {
        var histogram = LatencyHistogram()
        histogram.record(-5)
        #expect(histogram.percentileMicros(permille: 500) == 0 && histogram.counts[0] == 1 && histogram.sumMicros == 0)
    }

    @Test func barBucketsFollowTheOneTwoFiveEdges() {
        var histogram = LatencyHistogram()
        for value: Int64 in [10, 11, 20, 21, 100_000, 100_001] { histogram.record(value) }
        #expect(histogram.counts[0] == 1 && histogram.counts[1] == 2 && histogram.counts[2] == 1)
        #expect(histogram.counts[12] == 1 && histogram.counts[13] == 1)
    }

    @Test func addingHistogramsEqualsRecordingEverySampleInOne() {
        var first = LatencyHistogram(), second = LatencyHistogram(), all = LatencyHistogram()
        for value in Int64(0)..<500 {
            if value % 3 == 0 { first.record(value * 7) } else { second.record(value * 7) }
            all.record(value * 7)
        }
        first.add(second)
        #expect(first.count == all.count && first.sumMicros == all.sumMicros && first.maxMicros == all.maxMicros)
        #expect((0..<14).allSatisfy { first.counts[$0] == all.counts[$0] })
        for permille in [1, 500, 900, 990, 999, 1000] {
            #expect(first.percentileMicros(permille: permille) == all.percentileMicros(permille: permille))
        }
    }
}
