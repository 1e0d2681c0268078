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
        precondition((0...64).contains(cellCount), "a spike rejector holds at most 64 cells")
        self.cellCount = cellCount
        previous = CellValues(repeating: 0)
        beforePrevious = CellValues(repeating: 0)
    }

    /// Writes into `readings[0..<cellCount]` the median of `counts` (at least `cellCount` values)
    /// and the two frames before. The first frame fills the history, so start-up passes through
    /// unchanged. `cellCount` ≤ 64 is proven in ``init(cellCount:)``, so the history is read
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
        for cell in 0..<cellCount {
            let a = beforePrevious[unchecked: cell], b = previous[unchecked: cell], c = counts[unchecked: cell]
            beforePrevious[unchecked: cell] = b
            previous[unchecked: cell] = c
            readings[unchecked: cell] = max(min(a, b), min(max(a, b), c))
        }
    }
}
