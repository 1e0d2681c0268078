/// Where the last tare stands, as the loop reports it.
public enum TareOutcome: Sendable, BitwiseCopyable, Equatable {
    /// No tare requested since start.
    case none
    /// Measuring; `framesLeft` more frames are needed.
    case measuring(framesLeft: Int)
    /// Every cell's zero was set.
    case done
    /// Refused because the pad was touched while measuring; `peak` is the highest total seen.
    case refusedTouched(peak: Force)
    /// Refused because a cell's reading moved by `spreadCounts` (more than the limit)
    /// after outliers were dropped: the pad was not still.
    case refusedUnsteady(cell: Int, spreadCounts: Int32)
}
