import ForcePadCore
import Testing

/// After a tare the pipeline's output depends only on the frames from the tare on, not on
/// what came before: what lets a recording that starts with a tare replay exactly.
@Suite struct TareRestartTests {
    static let table = try! CalibrationTable(validating: [
        CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4000, force: .grams(400)),
    ])

    /// A slow filter (2 Hz one-pole at 1 kHz) and fast drift tracking (2^8 frames), where
    /// history lasts longest.
    static func pipeline() -> ForcePipeline {
        let settings = PipelineSettings(
            filter: LowPassCoefficients(settings: FilterSettings(kind: .onePole, cutoffMilliHertz: 2_000, spikeRejection: true), sampleRateHz: 1000),
            spikeRejection: true, touch: .grams(20), contactThreshold: .grams(10), averageTouch: .grams(50),
            baselineShift: 8, tareFrames: 50, tareSpreadLimitCounts: 64)
        return ForcePipeline(calibrations: Array(repeating: table, count: 2), geometry: .strip(cells: 2), settings: settings)
    }

    static func frame(_ counts: Int32, _ sequence: Int) -> RawFrame {
        var raw = RawFrame(cellCount: 2)
        raw.counts[0] = counts + Int32(sequence % 5)
        raw.counts[1] = counts + Int32(sequence % 3)
        raw.sequence = UInt64(sequence)
        raw.timeMicros = Int64(sequence) * 1000
        return raw
    }

    @Test func aTareForgetsTheFiltersAndZerosBeforeIt() {
        // One pipeline saw a 150 g press and a slow release before the tare; the other starts
        // fresh three frames before it, with the zeros the first had (as a replay does).
        var seasoned = Self.pipeline()
        for sequence in 0..<1000 { _ = seasoned.processed(Self.frame(sequence < 200 ? 1500 : 20, sequence)) }
        var fresh = Self.pipeline()
        fresh.start(atZeros: [seasoned.zero(cell: 0).counts, seasoned.zero(cell: 1).counts])
        for sequence in 1000..<1003 {
            _ = seasoned.processed(Self.frame(20, sequence))
            _ = fresh.processed(Self.frame(20, sequence))
        }
        seasoned.startTare()
        fresh.startTare()
        var sequence = 1003
        while case .measuring = seasoned.tareOutcome {
            _ = seasoned.processed(Self.frame(20, sequence))
            _ = fresh.processed(Self.frame(20, sequence))
            sequence += 1
        }
        #expect(seasoned.tareOutcome == .done && fresh.tareOutcome == .done)
        // A press after the tare: every frame is the same in both.
        for step in 0..<300 {
            let counts: Int32 = step < 150 ? 20 + Int32(step) * 10 : 20
            let a = seasoned.processed(Self.frame(counts, sequence))
            let b = fresh.processed(Self.frame(counts, sequence))
            #expect(a.cellMilligrams[0] == b.cellMilligrams[0] && a.cellMilligrams[1] == b.cellMilligrams[1] && a.total == b.total)
            sequence += 1
        }
        #expect(seasoned.zero(cell: 0) == fresh.zero(cell: 0) && seasoned.zero(cell: 1) == fresh.zero(cell: 1))
    }
}
