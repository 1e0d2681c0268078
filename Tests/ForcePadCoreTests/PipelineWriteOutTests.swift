import ForcePadCore
import Testing

/// The loop's snapshot takes the pipeline's output and cell counts field by field
/// (``ForcePipeline/writeOutput(into:)``, ``ForcePipeline/writeCellCounts(into:)``): what it
/// gets must be the output itself, every field of it, frame after frame.
struct PipelineWriteOutTests {
    /// Every stored property of `value`, recursively, as text (a field the write leaves out
    /// shows here, whatever its name).
    private static func fields<T>(_ value: T) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test(arguments: [PadGeometry.strip(cells: 4), .grid(rows: 2, columns: 4)])
    func theWrittenFrameIsTheOutputInEveryField(geometry: PadGeometry) {
        var pipeline = ForcePipeline(
            calibrations: Array(repeating: ForcePipelineTests.table, count: geometry.cellCount), geometry: geometry,
            settings: PipelineSettings(settings: .standard, sampleRateHz: 1000))
        var written = ForceFrame(cellCount: geometry.cellCount)
        var counts = PipelineCellCounts()
        for index in 0..<300 {
            var raw = RawFrame(cellCount: geometry.cellCount)
            for cell in 0..<geometry.cellCount { raw.counts[cell] = Int32((index * 37 + cell * 911) % 3000) }
            raw.timeMicros = Int64(index) * 1000
            raw.sequence = UInt64(index)
            pipeline.process(&raw)
            pipeline.writeOutput(into: &written)
            pipeline.writeCellCounts(into: &counts)
            #expect(Self.fields(written) == Self.fields(pipeline.output))
            for cell in 0..<geometry.cellCount {
                #expect(counts.readings[cell] == pipeline.readings[cell])
                #expect(counts.zeros[cell] == pipeline.zero(cell: cell).counts)
                #expect(counts.drifts[cell] == pipeline.zero(cell: cell).drift)
            }
        }
    }
}
