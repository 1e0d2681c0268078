import ForcePadCore
import Testing

/// The spike rejector's lanes of four and its cell-by-cell rest give the median of the last
/// three frames, as written here from the rule, for every cell count a lane splits differently.
@Suite struct SpikeRejectorTests {
    @Test(arguments: [1, 3, 4, 5, 7, 8, 9, 64])
    func everyCellIsTheMedianOfItsLastThreeReadings(cells: Int) {
        var rejector = SpikeRejector(cellCount: cells)
        var state = UInt64(cells)
        var history: [[Int32]] = []
        var readings = CellValues(repeating: -1)
        for frame in 0..<500 {
            var counts = CellValues(repeating: 0)
            for cell in 0..<cells {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                counts[cell] = Int32(truncatingIfNeeded: (state >> 33) % 8_192) - 2_048
            }
            history.append((0..<cells).map { counts[$0] })
            rejector.filter(counts.span, into: &readings)
            for cell in 0..<cells {
                // The first frame passes through; the second has only itself and one before it,
                // filled in as the first (the history starts as the first frame).
                let recent = history.suffix(3).map { $0[cell] }
                let three = recent.count == 3 ? recent : [recent[0]] + recent
                let expected = three.count == 3 ? three.sorted()[1] : recent[0]
                #expect(readings[cell] == expected, "frame \(frame), cell \(cell)")
            }
            #expect((cells..<64).allSatisfy { readings[$0] == -1 }, "frame \(frame): nothing written past the last cell")
        }
    }
}
