/// Median-of-three per cell over the last three frames, so one bad conversion (a spike or
/// a dropout) never reaches the thresholds. Adds one frame of delay to a step.
/// Integer-only, no allocation.
public struct SpikeRejector: Sendable {
    /// The two previous raw readings per cell (Q0 counts).
    private var previous: CellValues
    private var beforePrevious: CellValues
    private var primed = false
    private let cellCount: Int

    public init(cellCount: Int) {
        precondition((0...BoardDescription.maxCells).contains(cellCount), "a spike rejector holds at most \(BoardDescription.maxCells) cells")
        self.cellCount = cellCount
        previous = CellValues(repeating: 0)
        beforePrevious = CellValues(repeating: 0)
    }

    /// Writes into `readings[0..<cellCount]` the median of `counts` (at least `cellCount` values)
    /// and the two frames before. The first frame fills the history, so start-up passes through
    /// unchanged. `cellCount` ≤ 256 (``BoardDescription/maxCells``) is proven in ``init(cellCount:)``, so the history is read
    /// unchecked; `counts` is checked once.
    @inline(__always)
    public mutating func filter(_ counts: Span<Int32>, into readings: inout CellValues) {
        precondition(counts.count >= cellCount, "fewer counts than cells")
        if !primed {
            for cell in 0..<cellCount {
                let value = counts[unchecked: cell]
                previous[unchecked: cell] = value
                beforePrevious[unchecked: cell] = value
                readings[unchecked: cell] = value
            }
            primed = true
            return
        }
        // Four cells at a time in SIMD lanes (a 4-cell pad is one step), the rest one by one.
        var cell = 0
        while cell &+ 4 <= cellCount {
            let a = Self.four(&beforePrevious, cell), b = Self.four(&previous, cell)
            let c = SIMD4(counts[unchecked: cell], counts[unchecked: cell &+ 1], counts[unchecked: cell &+ 2], counts[unchecked: cell &+ 3])
            Self.store(b, into: &beforePrevious, at: cell)
            Self.store(c, into: &previous, at: cell)
            Self.store(pointwiseMax(pointwiseMin(a, b), pointwiseMin(pointwiseMax(a, b), c)), into: &readings, at: cell)
            cell &+= 4
        }
        while cell < cellCount {
            let a = beforePrevious[unchecked: cell], b = previous[unchecked: cell], c = counts[unchecked: cell]
            beforePrevious[unchecked: cell] = b
            previous[unchecked: cell] = c
            readings[unchecked: cell] = max(min(a, b), min(max(a, b), c))
            cell &+= 1
        }
    }

    /// Cells `cell..<cell + 4` of `values` (below 256: the caller's loop bound). Only reads;
    /// `inout` so that the array is read where it lies, not copied first.
    @inline(__always)
    private static func four(_ values: inout CellValues, _ cell: Int) -> SIMD4<Int32> {
        SIMD4(values[unchecked: cell], values[unchecked: cell &+ 1], values[unchecked: cell &+ 2], values[unchecked: cell &+ 3])
    }

    @inline(__always)
    private static func store(_ lanes: SIMD4<Int32>, into values: inout CellValues, at cell: Int) {
        values[unchecked: cell] = lanes[0]
        values[unchecked: cell &+ 1] = lanes[1]
        values[unchecked: cell &+ 2] = lanes[2]
        values[unchecked: cell &+ 3] = lanes[3]
    }
}
