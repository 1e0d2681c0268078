import ForcePadCore
import Testing

/// The felt limits of a trial: a firing's felt click attached by its stage's frame, the
/// per-stage felt statistics, and felt-latency and peak limits that fail a firing not felt.
@Suite struct TrialFeltLimitTests {
    let thresholds = Thresholds(touch: .grams(20), peek: .grams(150), pop: .grams(300))

    /// Two presses through peek and pop; the felt clicks arrive after the presses, as they do.
    func records(secondPopFelt: StageFelt?) -> [PressRecord] {
        var assembler = PressRecordAssembler()
        for (index, start) in [Int64(1_000_000), 2_000_000].enumerated() {
            assembler.add(.began(atMicros: start, force: .grams(50), position: .center))
            assembler.add(.peek(atMicros: start + 10_000, force: .grams(160)))
            assembler.add(.pop(atMicros: start + 18_000, force: .grams(320)))
            assembler.add(.released(atMicros: start + 300_000, stage: .pop))
            assembler.addFelt(stage: .peek, stageMicros: start + 10_000, felt: StageFelt(onsetLatencyMicros: 900, feltLatencyMicros: 11_000, peakMilliG: 350))
            if index == 0 {
                assembler.addFelt(stage: .pop, stageMicros: start + 18_000, felt: StageFelt(onsetLatencyMicros: 300, feltLatencyMicros: 9_000, peakMilliG: 900))
            } else if let secondPopFelt {
                assembler.addFelt(stage: .pop, stageMicros: start + 18_000, felt: secondPopFelt)
            }
        }
        // A felt click whose frame matches no firing is left out.
        assembler.addFelt(stage: .pop, stageMicros: 1_500_000, felt: StageFelt(onsetLatencyMicros: 1, feltLatencyMicros: 1, peakMilliG: 1))
        return assembler.records
    }

    @Test func feltClicksAreKeptByTheirStagesFrame() {
        let records = records(secondPopFelt: StageFelt(onsetLatencyMicros: 500, feltLatencyMicros: 12_000, peakMilliG: 800))
        #expect(records[0].pop?.felt?.peakMilliG == 900)
        #expect(records[1].pop?.felt?.feltLatencyMicros == 12_000)
        let statistics = TrialStatistics(records: records, thresholds: thresholds)
        #expect(statistics.pop.felt.count == 2)
        #expect(statistics.pop.feltLatencyMaxMicros == 12_000)
        #expect(statistics.pop.onsetLatencyMaxMicros == 500)
        #expect(statistics.pop.peakMinMilliG == 800)
        let limits = TrialLimits(pop: StageLimits(feltLatencyMaxMicros: 12_000, peakMinMilliG: 800))
        #expect(statistics.check(limits).map(\.passed) == [true, true])
        let tighter = TrialLimits(pop: StageLimits(feltLatencyMaxMicros: 11_999, peakMinMilliG: 801))
        #expect(statistics.check(tighter).map(\.passed) == [false, false])
    }

    @Test func aFiringNotFeltOrNotMeasuredFailsTheFeltLimits() {
        let limits = TrialLimits(pop: StageLimits(feltLatencyMaxMicros: 1_000_000, peakMinMilliG: 1))
        let notFelt = TrialStatistics(
            records: records(secondPopFelt: StageFelt(onsetLatencyMicros: nil, feltLatencyMicros: nil, peakMilliG: 0)), thresholds: thresholds)
        let checks = notFelt.check(limits)
        #expect(checks.map(\.passed) == [false, false])
        #expect(checks[0].measured == "9000us, 1 firing not measured")
        let missing = TrialStatistics(records: records(secondPopFelt: nil), thresholds: thresholds)
        #expect(missing.check(limits).map(\.passed) == [false, false], "a firing without a haptic.felt cannot pass")
        let none = TrialStatistics(records: [], thresholds: thresholds)
        #expect(none.check(limits).map(\.measured) == ["never fired", "never fired"])
    }
}
