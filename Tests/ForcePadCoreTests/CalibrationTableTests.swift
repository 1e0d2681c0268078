import ForcePadCore
import Testing

@Suite struct CalibrationTableTests {
    /// An FSR-like curve: 0 g at 0 counts, rising steeply then flattening, saturating at 500 g.
    let table = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero),
        CalibrationPoint(counts: 1000, force: .grams(50)),
        CalibrationPoint(counts: 2000, force: .grams(150)),
        CalibrationPoint(counts: 3000, force: .grams(500)),
    ])

    @Test func interpolatesBetweenPointsAndRounds() {
        #expect(table.force(forCounts: 500).force == .grams(25))
        #expect(table.force(forCounts: 1500).force == .grams(100))
        // 1 count in the first segment is 50 mg; 1/3 of a count-step in the last rounds to nearest.
        #expect(table.force(forCounts: 1).force == Force(milligrams: 50))
        #expect(table.force(forCounts: 2001).force == Force(milligrams: 150_350))
    }

    @Test func topOfTheRangeIsSaturatedNotExtrapolated() {
        let at = table.force(forCounts: 3000)
        #expect(at.force == .grams(500) && at.saturated)
        let above = table.force(forCounts: 4095)
        #expect(above.force == .grams(500) && above.saturated)
        #expect(!table.force(forCounts: 2999).saturated)
    }

    @Test func belowTheFirstPointClampsToIt() {
        #expect(table.force(forCounts: -20).force == .zero)
    }

    @Test func inverseRoundTripsWithinOneCount() {
        for grams in stride(from: Int32(0), through: 500, by: 7) {
            let counts = table.counts(forForce: .grams(grams))
            let back = table.force(forCounts: counts).force
            let slopeMilligramsPerCount = 350  // steepest segment: 350 g over 1000 counts
            #expect(abs(back.milligrams - grams * 1000) <= slopeMilligramsPerCount / 2 + 1)
        }
    }

    @Test func refusesNonMonotonicOrTooShortTables() {
        #expect(throws: CalibrationTable.Problem.tooFewPoints(1)) {
            try CalibrationTable(validating: [CalibrationPoint(counts: 0, force: .zero)])
        }
        #expect(throws: CalibrationTable.Problem.countsNotIncreasing(index: 2)) {
            try CalibrationTable(validating: [
                CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 10, force: .grams(1)),
                CalibrationPoint(counts: 10, force: .grams(2)),
            ])
        }
        #expect(throws: CalibrationTable.Problem.forceNotIncreasing(index: 1)) {
            try CalibrationTable(validating: [CalibrationPoint(counts: 0, force: .grams(5)), CalibrationPoint(counts: 10, force: .grams(5))])
        }
    }
}
