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
        self.cellCount = cellCount
        previous = CellValues(repeating: 0)
        beforePrevious = CellValues(repeating: 0)
    }

    /// Replaces `counts[0..<cellCount]` with the median of it and the two frames before.
    /// The first frame fills the history, so start-up passes through unchanged.
    @inline(__always)
    public mutating func filter(_ counts: inout CellValues) {
        if !primed {
            previous = counts
            beforePrevious = counts
            primed = true
            return
        }
        for cell in 0..<cellCount {
            let a = beforePrevious[cell], b = previous[cell], c = counts[cell]
            beforePrevious[cell] = b
            previous[cell] = c
            counts[cell] = max(min(a, b), min(max(a, b), c))
        }
    }
}
