import ForcePadCore
import Testing

@testable import forcepad_bench

/// The layouts `run-chain` takes by name, and the least-squares line the cell counts are
/// judged against.
@Suite struct CellScalingTests {
    @Test func everyLayoutIsNamedAsItIsRead() {
        for geometry in BenchmarkGeometry.shipped + BenchmarkGeometry.largest + BenchmarkGeometry.scaling.flatMap({ $0 }) {
            #expect(BenchmarkGeometry(name: geometry.name) == geometry, "\(geometry.name)")
        }
        #expect(BenchmarkGeometry(name: "grid-16x16")?.pad == .grid(rows: 16, columns: 16))
        #expect(BenchmarkGeometry.scaling.flatMap { $0 }.map(\.pad.cellCount).max() == BoardDescription.maxCells)
    }

    @Test(arguments: ["strip-0", "strip-257", "grid-0x4", "grid-2x", "grid-17x16", "grid-4", "strip-4x1", "ring-4", "strip", ""])
    func aLayoutNoBoardCanHaveIsRefused(name: String) {
        #expect(BenchmarkGeometry(name: name) == nil)
    }

    @Test func theLineThroughPointsOnALineIsThatLine() throws {
        let line = try #require(StraightLine(fitting: [(4, 668), (16, 1868), (64, 6668), (256, 25868)]))
        #expect(abs(line.slope - 100) < 1e-9)
        #expect(abs(line.intercept - 268) < 1e-9)
        #expect(abs(line.value(at: 128) - 13_068) < 1e-9)
    }

    @Test func aLineNeedsTwoDistinctCellCounts() {
        #expect(StraightLine(fitting: [(4, 668)]) == nil)
        #expect(StraightLine(fitting: [(4, 668), (4, 700)]) == nil)
        #expect(StraightLine(fitting: []) == nil)
    }
}
