import ForcePadCore
import Testing

@Suite struct ForcePipelineTests {
    /// 10 counts per gram up to 400 g.
    static let table = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(400)),
    ])

    /// No filter, no spike rejection, no drift tracking: calibration and sums only.
    static func plainSettings(touch: Force = .grams(20)) -> PipelineSettings {
        PipelineSettings(
            filter: .passThrough, spikeRejection: false, touch: touch,
            contactThreshold: Force(milligrams: touch.milligrams / 2), averageTouch: .grams(50),
            baselineShift: 0, tareFrames: 10, tareSpreadLimitCounts: 64)
    }

    static func frame(_ counts: [Int32], time: Int64 = 0, stale: Bool = false) -> RawFrame {
        var raw = RawFrame(cellCount: counts.count)
        for (cell, value) in counts.enumerated() { raw.counts[cell] = value }
        raw.timeMicros = time
        raw.isStale = stale
        return raw
    }

    func pipeline(_ geometry: PadGeometry, settings: PipelineSettings = plainSettings()) -> ForcePipeline {
        ForcePipeline(calibrations: Array(repeating: Self.table, count: geometry.cellCount), geometry: geometry, settings: settings)
    }

    @Test func calibratesEachCellAndDerivesTotalCentroidAndNormalisedForce() {
        var pipeline = pipeline(.strip(cells: 4))
        let frame = pipeline.processed(Self.frame([0, 1000, 3000, 0], time: 1234))
        #expect(frame.cellMilligrams[1] == 100_000 && frame.cellMilligrams[2] == 300_000)
        #expect(frame.total == .grams(400))
        #expect(frame.timeMicros == 1234)
        #expect(frame.contacts == 1)
        // Centres at 0.375 and 0.625 weighted 1:3 → 0.5625.
        #expect(frame.centroid.x == Int32(0.5625 * 65536))
        #expect(frame.normalisedQ16 == 8 << 16)  // 400 g over a 50 g average touch
        #expect(!frame.isSaturated)
    }

    @Test func separateContactRegionsAreCounted() {
        var strip = pipeline(.strip(cells: 5))
        #expect(strip.processed(Self.frame([500, 0, 0, 0, 500])).contacts == 2)
        #expect(strip.processed(Self.frame([500, 500, 0, 0, 0])).contacts == 1)
        // 5 g is below the contact threshold (half of touch = 10 g).
        #expect(strip.processed(Self.frame([50, 0, 0, 0, 0])).contacts == 0)
        var grid = pipeline(.grid(rows: 2, columns: 3))
        // Diagonal neighbours are separate regions; up/down neighbours are one.
        #expect(grid.processed(Self.frame([500, 0, 0, 0, 500, 0])).contacts == 2)
        #expect(grid.processed(Self.frame([500, 0, 0, 500, 0, 0])).contacts == 1)
    }

    @Test func gridCentroidHasBothAxes() {
        var grid = pipeline(.grid(rows: 2, columns: 2))
        let frame = grid.processed(Self.frame([0, 0, 0, 1000]))
        #expect(frame.centroid == PadPosition(x: 3 << 14, y: 3 << 14))
    }

    @Test func saturatedCellsAreFlaggedNotExtrapolated() {
        var pipeline = pipeline(.strip(cells: 2))
        let frame = pipeline.processed(Self.frame([4095, 100]))
        #expect(frame.saturatedCells == 1)
        #expect(frame.cellMilligrams[0] == 400_000)
    }

    @Test func staleFramesAreNotFedAsNewData() {
        var settings = Self.plainSettings()
        settings.filter = LowPassCoefficients(settings: FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: false), sampleRateHz: 1000)
        var pipeline = pipeline(.strip(cells: 1), settings: settings)
        _ = pipeline.processed(Self.frame([0]))
        let fresh = pipeline.processed(Self.frame([1000], time: 1000))
        let stale = pipeline.processed(Self.frame([1000], time: 2000, stale: true))
        #expect(stale.total == fresh.total)
        #expect(stale.timeMicros == 2000)
        #expect(pipeline.processed(Self.frame([1000], time: 3000)).total > fresh.total)
    }

    @Test func oneSpikeNeverReachesTheOutput() {
        var settings = Self.plainSettings()
        settings.spikeRejection = true
        var pipeline = pipeline(.strip(cells: 1), settings: settings)
        var totals: [Force] = []
        for counts: Int32 in [100, 100, 4000, 100, 100, 0, 100] {
            totals.append(pipeline.processed(Self.frame([counts])).total)
        }
        #expect(totals == [.grams(10), .grams(10), .grams(10), .grams(10), .grams(10), .grams(10), .grams(10)])
    }

    @Test func tareAveragesWithoutTheExtremesAndZeroesTheCells() {
        var pipeline = pipeline(.strip(cells: 2))
        pipeline.startTare()
        // Ten frames: cell 0 reads 30 with one outlier of 70 (dropped with the lowest),
        // cell 1 reads 12.
        for index in 0..<10 {
            #expect(pipeline.tareOutcome == .measuring(framesLeft: 10 - index))
            _ = pipeline.processed(Self.frame([index == 4 ? 70 : 30, 12]))
        }
        #expect(pipeline.tareOutcome == .done)
        #expect(pipeline.zero(cell: 0).counts == 30 && pipeline.zero(cell: 1).counts == 12)
        #expect(pipeline.processed(Self.frame([1030, 12])).total == .grams(100))
    }

    @Test func tareIsRefusedWhileThePadIsTouched() {
        var pipeline = pipeline(.strip(cells: 1))
        pipeline.startTare()
        _ = pipeline.processed(Self.frame([10]))
        _ = pipeline.processed(Self.frame([250]))  // 25 g ≥ the 20 g touch threshold
        #expect(pipeline.tareOutcome == .refusedTouched(peak: .grams(25)))
        #expect(pipeline.zero(cell: 0).counts == 0)
        #expect(!pipeline.hasTare)
    }

    @Test func tareIsRefusedWhenACellIsUnsteady() {
        var settings = Self.plainSettings()
        settings.tareSpreadLimitCounts = 20
        var pipeline = pipeline(.strip(cells: 1), settings: settings)
        pipeline.startTare()
        for index in 0..<10 { _ = pipeline.processed(Self.frame([Int32(index * 5)])) }
        #expect(pipeline.tareOutcome == .refusedUnsteady(cell: 0, spreadCounts: 45))
    }

    @Test func baselineFollowsDriftOnlyWhileUntouched() {
        var settings = Self.plainSettings()
        settings.baselineShift = 4  // time constant of 16 frames
        var pipeline = pipeline(.strip(cells: 1), settings: settings)
        for _ in 0..<400 { _ = pipeline.processed(Self.frame([40])) }  // 4 g of drift, below contact
        #expect(pipeline.zero(cell: 0).counts == 40)
        #expect(pipeline.processed(Self.frame([40])).total == .zero)
        // A press holds the zero where it is.
        for _ in 0..<400 { _ = pipeline.processed(Self.frame([1040])) }
        #expect(pipeline.zero(cell: 0).counts == 40)
        #expect(pipeline.processed(Self.frame([1040])).total == .grams(100))
        #expect(pipeline.zero(cell: 0).drift == 40)
    }
}
