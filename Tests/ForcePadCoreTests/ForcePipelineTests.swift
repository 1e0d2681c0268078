import ForcePadCore
import Testing

@Suite struct ForcePipelineTests {
    let table = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(400)),
    ])

    @Test func calibratesEachCellAndSumsTheTotal() {
        var pipeline = ForcePipeline(calibrations: Array(repeating: table, count: 4))
        var raw = RawFrame(cellCount: 4)
        raw.counts[0] = 1000
        raw.counts[1] = 2000
        raw.sequence = 7
        raw.timeMicros = 1234
        let frame = pipeline.process(raw)
        #expect(frame.cellMilligrams[0] == 100_000)
        #expect(frame.cellMilligrams[1] == 200_000)
        #expect(frame.total == .grams(300))
        #expect(frame.sequence == 7 && frame.timeMicros == 1234)
        #expect(!frame.isSaturated)
    }

    @Test func saturatedCellsAreCounted() {
        var pipeline = ForcePipeline(calibrations: Array(repeating: table, count: 2))
        var raw = RawFrame(cellCount: 2)
        raw.counts[0] = 4095
        let frame = pipeline.process(raw)
        #expect(frame.saturatedCells == 1 && frame.isSaturated)
        #expect(frame.total == .grams(400))
    }

    @Test func staleFramesKeepThePreviousForce() {
        var pipeline = ForcePipeline(calibrations: [table])
        var raw = RawFrame(cellCount: 1)
        raw.counts[0] = 1000
        _ = pipeline.process(raw)
        raw.counts[0] = 3000
        raw.isStale = true
        #expect(pipeline.process(raw).total == .grams(100))
    }
}
