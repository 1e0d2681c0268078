/// Median-of-three per cell over the last three frames, in floating point (counts). The
/// same rule and start-up as ``SpikeRejector``: the first frame fills the history and
/// passes through unchanged.
public struct ReferenceSpikeRejector<Sample: BinaryFloatingPoint> {
    @usableFromInline var previous: ReferenceCellValues<Sample>
    @usableFromInline var beforePrevious: ReferenceCellValues<Sample>
    @usableFromInline var primed = false
    @usableFromInline let cellCount: Int

    public init(cellCount: Int) {
        self.cellCount = cellCount
        previous = ReferenceCellValues(repeating: 0)
        beforePrevious = ReferenceCellValues(repeating: 0)
    }

    /// Replaces `counts[0..<cellCount]` with the median of it and the two frames before.
    @inlinable
    public mutating func filter(_ counts: inout ReferenceCellValues<Sample>) {
        if !primed {
            for cell in 0..<cellCount {
                previous[cell] = counts[cell]
                beforePrevious[cell] = counts[cell]
            }
            primed = true
            return
        }
        for cell in 0..<cellCount {
            let oldest = beforePrevious[cell], middle = previous[cell], newest = counts[cell]
            beforePrevious[cell] = middle
            previous[cell] = newest
            let low = min(oldest, middle), high = max(oldest, middle)
            counts[cell] = newest < low ? low : (newest > high ? high : newest)
        }
    }
}

extension ReferenceSpikeRejector: Sendable where Sample: Sendable {}
