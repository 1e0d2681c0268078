import ForcePadCore
import Testing

/// The strip's one-pass regions and centroid give what the general grid path gives for the same
/// cells laid out as one row, the grid's give what a flood fill gives, and the calibration bank the loop reads gives what the table's own
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

    @Test(arguments: [1, 2, 5, 8, 16, 64, 65, 256])
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
            #expect(fast.total == (0..<cells).reduce(Int64(0)) { $0 + Int64(values[$1]) }, "frame \(frame)")
        }
    }

    /// The strip's pass (a region where a cell in contact follows an idle one, the centroid from
    /// Σ f·c) against the flood fill and the centroid summed cell by cell over one row.
    @Test(arguments: [1, 2, 5, 8, 16, 64, 65, 200, 256])
    func stripMatchesAFloodFill(cells: Int) {
        let strip = ContactAnalyzer(geometry: .strip(cells: cells))
        var generator = Generator(state: UInt64(cells) &+ 1_000)
        var values = CellValues(repeating: 0)
        var regionsSeen = Set<Int>()
        for frame in 0..<2_000 {
            let odds = generator.next(below: 100)
            for cell in 0..<cells {
                let draw = generator.next(below: 100)
                values[cell] = draw < odds ? generator.next(below: 500_000) : generator.next(below: 1_000) - 100
            }
            let threshold = 500 + generator.next(below: 1_000)
            let found = strip.contacts(values.span, threshold: threshold)
            let expected = Self.floodFill(values, rows: 1, columns: cells, threshold: threshold)
            regionsSeen.insert(found.regions)
            #expect(found.regions == expected.regions, "frame \(frame)")
            #expect(found.centroid == expected.centroid, "frame \(frame)")
        }
        #expect(regionsSeen.count >= min(4, cells / 2 + 1), "frames with few and many regions")
    }

    /// The grid path (bits grown a cell at a time, one pass for the sums) against a flood fill
    /// over the cells and the centroid summed cell by cell, written here from the rules.
    @Test(arguments: [(2, 4), (3, 5), (4, 4), (2, 32), (8, 8), (5, 1), (16, 16), (9, 13), (3, 85), (128, 2), (65, 1)])
    func gridMatchesAFloodFill(rows: Int, columns: Int) {
        let grid = ContactAnalyzer(geometry: .grid(rows: rows, columns: columns))
        var generator = Generator(state: UInt64(rows * 100 + columns))
        var values = CellValues(repeating: 0)
        var regionsSeen = Set<Int>()
        for frame in 0..<2_000 {
            // Contact odds from frame to frame, so that sparse and crowded grids both come.
            let odds = generator.next(below: 100)
            for cell in 0..<(rows * columns) {
                let draw = generator.next(below: 100)
                values[cell] = draw < odds ? generator.next(below: 500_000) : generator.next(below: 1_000) - 100
            }
            let threshold = 500 + generator.next(below: 1_000)
            let found = grid.contacts(values.span, threshold: threshold)
            let expected = Self.floodFill(values, rows: rows, columns: columns, threshold: threshold)
            regionsSeen.insert(found.regions)
            #expect(found.regions == expected.regions, "frame \(frame)")
            #expect(found.centroid == expected.centroid, "frame \(frame)")
            #expect(found.total == (0..<(rows * columns)).reduce(Int64(0)) { $0 + Int64(values[$1]) }, "frame \(frame)")
        }
        #expect(regionsSeen.count >= min(4, rows * columns / 2), "frames with few and many regions")
    }

    /// The largest pads at the largest forces: every cell at Int32.max, whose centroid's Q16
    /// products pass 2^64 (a 64-bit division would wrap), and a checkerboard of them, whose
    /// regions are every cell in contact.
    @Test(arguments: [(1, 256), (16, 16), (2, 128)])
    func widePadsAtFullScale(rows: Int, columns: Int) {
        let analyzer = ContactAnalyzer(geometry: rows == 1 ? .strip(cells: columns) : .grid(rows: rows, columns: columns))
        var values = CellValues(repeating: 0)
        for cell in 0..<(rows * columns) { values[cell] = .max }
        let full = analyzer.contacts(values.span, threshold: 1)
        #expect(full.regions == 1)
        #expect(full.centroid == Self.floodFill(values, rows: rows, columns: columns, threshold: 1).centroid)
        #expect(full.centroid == PadPosition(x: PadPosition.one / 2, y: PadPosition.one / 2))
        #expect(full.total == Int64(rows * columns) * Int64(Int32.max))
        for cell in 0..<(rows * columns) where (cell / columns + cell % columns) % 2 == 1 { values[cell] = 0 }
        let checkered = analyzer.contacts(values.span, threshold: 1)
        #expect(checkered.regions == (rows * columns + 1) / 2)
        #expect(checkered.centroid == Self.floodFill(values, rows: rows, columns: columns, threshold: 1).centroid)
    }

    /// Regions by a flood fill with an explicit stack, centroid by the rule of
    /// ``ContactAnalyzer/contacts(_:threshold:)``, in checked arithmetic.
    static func floodFill(_ values: CellValues, rows: Int, columns: Int, threshold: Int32) -> (regions: Int, centroid: PadPosition) {
        var seen = [Bool](repeating: false, count: rows * columns)
        var regions = 0
        for start in 0..<(rows * columns) where values[start] >= threshold && !seen[start] {
            regions += 1
            seen[start] = true
            var stack = [start]
            while let cell = stack.popLast() {
                let row = cell / columns, column = cell % columns
                for (r, c) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where r >= 0 && r < rows && c >= 0 && c < columns && values[r * columns + c] >= threshold && !seen[r * columns + c] {
                    seen[r * columns + c] = true
                    stack.append(r * columns + c)
                }
            }
        }
        var sum: Int128 = 0, sumX: Int128 = 0, sumY: Int128 = 0
        for row in 0..<rows {
            for column in 0..<columns where values[row * columns + column] >= threshold {
                let force = Int128(values[row * columns + column])
                sum += force
                sumX += force * Int128(2 * column + 1)
                sumY += force * Int128(2 * row + 1)
            }
        }
        guard sum > 0 else { return (regions, .center) }
        let one = Int128(PadPosition.one)
        return (regions, PadPosition(
            x: Int32((sumX * one + sum * Int128(columns)) / (sum * Int128(2 * columns))),
            y: Int32((sumY * one + sum * Int128(rows)) / (sum * Int128(2 * rows)))))
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
                let actual = bank.force(cell: cell, counts: Int64(counts))
                #expect(actual.milligrams == expected.force.milligrams && actual.saturated == expected.saturated, "cell \(cell), \(counts) counts")
            }
        }
    }
}
