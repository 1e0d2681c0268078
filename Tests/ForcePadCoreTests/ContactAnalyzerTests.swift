import ForcePadCore
import Testing

/// The strip's one-pass regions and centroid give what the general grid path gives for the same
/// cells laid out as one row, and the calibration bank the loop reads gives what the table's own
/// rule gives, on every reading.
@Suite struct ContactAnalyzerTests {
    /// A seeded generator, so a failure names the frame that showed it.
    struct Generator {
        var state: UInt64
        mutating func next(below bound: Int32) -> Int32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32(truncatingIfNeeded: (state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: [1, 2, 5, 8, 16, 64])
    func stripMatchesTheGridPathForOneRow(cells: Int) {
        let strip = ContactAnalyzer(geometry: .strip(cells: cells))
        let row = ContactAnalyzer(geometry: .grid(rows: 1, columns: cells))
        var generator = Generator(state: UInt64(cells))
        var values = CellValues(repeating: 0)
        for frame in 0..<2_000 {
            // Mostly idle cells with some in contact, some far above the threshold, a few negative.
            for cell in 0..<cells {
                let draw = generator.next(below: 100)
                values[cell] = draw < 50 ? generator.next(below: 1_000) - 100 : draw < 95 ? generator.next(below: 500_000) : Int32.max / 64
            }
            let threshold = 500 + generator.next(below: 1_000)
            let fast = strip.contacts(values.span, threshold: threshold)
            let general = row.contacts(values.span, threshold: threshold)
            #expect(fast.regions == general.regions, "frame \(frame)")
            #expect(fast.centroid == general.centroid, "frame \(frame)")
        }
    }

    @Test func bankMatchesTheTableOnEveryReading() throws {
        let table = try CalibrationTable(validating: [
            (0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500),
        ].map { CalibrationPoint(counts: $0.0, force: .grams($0.1)) })
        let steep = try CalibrationTable(validating: [
            CalibrationPoint(counts: -5, force: Force(milligrams: -3)), CalibrationPoint(counts: 7, force: .grams(8_000)),
        ])
        let bank = CalibrationBank([table, steep])
        for (cell, calibration) in [table, steep].enumerated() {
            for counts in Int32(-10)...3_200 {
                let expected = calibration.force(forCounts: counts)
                let actual = bank.force(cell: cell, counts: counts)
                #expect(actual.milligrams == expected.force.milligrams && actual.saturated == expected.saturated, "cell \(cell), \(counts) counts")
            }
        }
    }
}
