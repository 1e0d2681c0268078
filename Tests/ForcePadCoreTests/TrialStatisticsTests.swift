import ForcePadCore
import Testing

@Suite struct TrialStatisticsTests {
    let thresholds = Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300))

    /// Three presses: a peek, a pop whose pattern was held back 10 ms, and a cancelled one.
    func assembled() -> PressRecordAssembler {
        var assembler = PressRecordAssembler()
        assembler.add(.began(atMicros: 1_000, force: .grams(50), position: .center))
        assembler.add(.peek(atMicros: 1_010, force: .grams(160)))
        assembler.addHapticOn(stage: .peek, atMicros: 1_010, lineMicros: 1_050)
        assembler.add(.released(atMicros: 1_200, stage: .peek))
        assembler.add(.began(atMicros: 2_000, force: .grams(60), position: .center))
        assembler.add(.peek(atMicros: 2_008, force: .grams(180)))
        assembler.addHapticOn(stage: .peek, atMicros: 2_008, lineMicros: 2_038)
        assembler.add(.pop(atMicros: 2_020, force: .grams(330)))
        assembler.addHapticOn(stage: .pop, atMicros: 2_030, lineMicros: 2_031)
        assembler.addHapticOn(stage: .pop, atMicros: 2_080, lineMicros: 2_081)
        assembler.add(.released(atMicros: 2_300, stage: .pop))
        assembler.add(.began(atMicros: 3_000, force: .grams(40), position: .center))
        assembler.add(.peek(atMicros: 3_012, force: .grams(155)))
        assembler.add(.cancelled(atMicros: 3_050, reason: .drag))
        assembler.add(.began(atMicros: 4_000, force: .grams(40), position: .center))
        return assembler
    }

    @Test func assemblesPressesWithLatencyFromTheFirstEdgeAfterTheStage() {
        let records = assembled().records
        #expect(records.count == 4)
        #expect(records[0].peek == StageFiring(timeMicros: 1_010, force: .grams(160), latencyMicros: 40))
        #expect(records[1].pop?.latencyMicros == 11)
        #expect(records[2].ending == .cancelled(.drag))
        #expect(records[2].peek?.latencyMicros == nil)
        #expect(records[3].ending == .unfinished)
    }

    @Test func statisticsPerStage() throws {
        let statistics = TrialStatistics(records: assembled().records, thresholds: thresholds)
        #expect(statistics.presses == 3)
        #expect(statistics.cancelled == 1)
        #expect(statistics.cancelRate == 1.0 / 3.0)
        let peek = statistics.peek
        #expect(peek.fired == 3)
        #expect(peek.forcesMilligrams == [160_000, 180_000, 155_000])
        let force = try #require(peek.force)
        #expect(force.mean == 165_000)
        // Sample sd of 160, 180, 155 g: deviations −5, 15, −10 → √(350/2) g.
        #expect(abs(force.standardDeviation - (175.0).squareRoot() * 1000) < 1e-6)
        #expect(force.minimum == 155_000 && force.maximum == 180_000)
        #expect(peek.overshoot?.mean == 15_000 && peek.overshoot?.maximum == 30_000)
        #expect(peek.touchToStage?.minimum == 8 && peek.touchToStage?.maximum == 12 && peek.touchToStage?.mean == 10)
        #expect(peek.latenciesMicros == [40, 30])
        #expect(peek.latencyP50Micros == 30 && peek.latencyP99Micros == 40 && peek.latencyMaxMicros == 40)
        #expect(statistics.pop.fired == 1 && statistics.pop.latenciesMicros == [11])
    }

    @Test func chatterCountsUpwardReCrossingsAfterTheStageFired() {
        var assembler = PressRecordAssembler()
        assembler.add(.began(atMicros: 0, force: .grams(30), position: .center))
        assembler.add(.peek(atMicros: 3, force: .grams(151)))
        assembler.add(.released(atMicros: 9, stage: .peek))
        var series = ForceSeries()
        // 30, 100, 140, 151 (fires), 140, 152 (re-crossing), 149, 150 (re-crossing), 10, 10
        for (time, grams) in [30, 100, 140, 151, 140, 152, 149, 150, 10, 10].enumerated() {
            series.append(timeMicros: Int64(time), total: .grams(Int32(grams)))
        }
        assembler.measure(series, thresholds: thresholds)
        let record = assembler.records[0]
        #expect(record.peek?.chatter == 2)
        #expect(record.peakForce == .grams(152))
        #expect(TrialStatistics(records: assembler.records, thresholds: thresholds).peak?.maximum == 152_000)
        let statistics = TrialStatistics(records: assembler.records, thresholds: thresholds)
        #expect(statistics.peek.chatter == 2 && statistics.peek.pressesWithChatter == 1)
    }

    @Test func limitsGiveAVerdictPerCheck() {
        let statistics = TrialStatistics(records: assembled().records, thresholds: thresholds)
        let checks = statistics.check(TrialLimits(
            peek: StageLimits(tolerance: .grams(30), stageToLineP99Micros: 35),
            pop: StageLimits(tolerance: .grams(20), stageToLineP99Micros: 35), cancelRatePermille: 400, maxChatter: 0))
        #expect(checks.map(\.passed) == [true, false, false, true, true, true])
        #expect(checks[0] == LimitCheck(name: "peek within ±30g of 150g", measured: "worst 30g", passed: true))
        #expect(checks[1] == LimitCheck(name: "peek stage→line p99 ≤ 35us", measured: "40us", passed: false))
        #expect(checks[2].measured == "worst 30g")
        #expect(checks[4] == LimitCheck(name: "cancel rate ≤ 0.4", measured: "1 of 3", passed: true))
        #expect(statistics.check(.none).isEmpty)
    }

    /// A peek-only trial is judged on its peek limits alone: pop, never reached, is not judged.
    @Test func aStageWithoutLimitsIsNotJudged() {
        let statistics = TrialStatistics(records: assembled().records, thresholds: thresholds)
        let checks = statistics.check(TrialLimits(peek: StageLimits(tolerance: .grams(30))))
        #expect(checks == [LimitCheck(name: "peek within ±30g of 150g", measured: "worst 30g", passed: true)])
    }

    /// `basis = "reference"`: the tolerance is judged on the true force at firing.
    @Test func aToleranceOnTheReferenceJudgesTheTrueForce() throws {
        let statistics = TrialStatistics(records: assembled().records, thresholds: thresholds)
        let peek = try #require(StageReferenceComparison(stage: .peek, firings: [
            (pad: 160_000, reference: 140_000), (pad: 180_000, reference: 162_000), (pad: 155_000, reference: 151_000),
        ]))
        let limits = TrialLimits(peek: StageLimits(tolerance: .grams(12), toleranceBasis: .reference))
        #expect(statistics.check(limits, references: [peek]) == [LimitCheck(
            name: "peek true force within ±12g of 150g (reference)", measured: "worst 12g", passed: true)])
        let partial = try #require(StageReferenceComparison(stage: .peek, firings: [
            (pad: 160_000, reference: 150_000), (pad: 180_000, reference: nil),
        ]))
        #expect(statistics.check(limits, references: [partial]) == [LimitCheck(
            name: "peek true force within ±12g of 150g (reference)", measured: "worst 0g, 1 firings without a reference reading",
            passed: false)])
        #expect(statistics.check(limits) == [LimitCheck(
            name: "peek true force within ±12g of 150g (reference)", measured: "no reference readings", passed: false)])
    }

    @Test func nearestRankPercentiles() {
        let samples: [Int64] = (1...20).map { Int64($0) * 10 }
        #expect(SampleSummary.percentile(samples.reversed(), permille: 500) == 100)
        #expect(SampleSummary.percentile(samples, permille: 990) == 200)
        #expect(SampleSummary.percentile([7], permille: 990) == 7)
        #expect(SampleSummary.percentile([], permille: 500) == nil)
        #expect(SampleSummary([]) == nil)
        #expect(SampleSummary([5])?.standardDeviation == 0)
    }

    @Test func textHistogramBinsEveryValue() {
        let lines = TextHistogram.lines([10, 11, 11, 19, 30], bins: 4, width: 4, unit: "us") { String($0) }
        // 21 values from 10 to 30 in bins of 6: 10…15, 16…21, 22…27, 28…30.
        #expect(lines == [
            "  10 … 15us  ████  3",
            "  16 … 21us  █     1",
            "  22 … 27us        0",
            "  28 … 30us  █     1",
        ])
        #expect(TextHistogram.lines([], unit: "g") { String($0) }.isEmpty)
        #expect(TextHistogram.lines([5, 5], bins: 8, width: 2, unit: "g") { String($0) } == ["  5g  ██  2"])
    }
}
