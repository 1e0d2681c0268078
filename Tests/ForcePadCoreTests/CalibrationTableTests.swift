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

    /// The inverse as its definition says, in 128-bit arithmetic: the first point's counts at
    /// or below its force, the last's at or above, else the segment whose upper point is the
    /// first not below the force, interpolated and rounded half away from zero.
    private static func referenceInverse(_ table: CalibrationTable, _ force: Int32) -> (counts: Int32, segment: Int) {
        let points = table.points
        if force <= points[0].force.milligrams { return (points[0].counts, 1) }
        if force >= points[points.count - 1].force.milligrams { return (points[points.count - 1].counts, points.count - 1) }
        var upper = 1
        while points[upper].force.milligrams < force { upper += 1 }
        let (lo, hi) = (points[upper - 1], points[upper])
        let numerator = (Int128(force) - Int128(lo.force.milligrams)) * (Int128(hi.counts) - Int128(lo.counts))
        let denominator = Int128(Int64(hi.force.milligrams) - Int64(lo.force.milligrams))
        let rounded = numerator >= 0 ? (numerator + denominator / 2) / denominator : (numerator - denominator / 2) / denominator
        return (Int32(Int128(lo.counts) + rounded), upper)
    }

    /// The inverse searched from any segment (as the simulated pad searches from each cell's
    /// last one) gives the definition's counts and segment, on an FSR-like table and on one
    /// whose counts and forces span nearly all of Int32 (the largest products).
    @Test(arguments: [
        [(0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500)],
        [(-2_000_000_000, -2_000_000), (-1, -1_000), (2_000_000_000, 2_000_000)],
    ])
    func inverseFromAnySegmentIsTheDefinition(points: [(counts: Int32, grams: Int32)]) throws {
        let table = try CalibrationTable(validating: points.map { CalibrationPoint(counts: $0.counts, force: .grams($0.grams)) })
        let first = points[0].grams * 1000
        let last = points[points.count - 1].grams * 1000
        let step = Int32(max((Int64(last) - Int64(first)) / 5_000, 1))
        for force in Array(stride(from: first - 2, through: last + 2, by: Int(step))) + [first - 1, first + 1, last - 1, last + 1] {
            let expected = Self.referenceInverse(table, force)
            #expect(table.counts(forForce: Force(milligrams: force)) == expected.counts, "\(force) mg")
            for start in -1...(points.count + 1) {
                let found = table.counts(forForce: Force(milligrams: force), nearSegment: start)
                #expect(found.counts == expected.counts && found.segment == expected.segment, "\(force) mg from segment \(start)")
            }
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
