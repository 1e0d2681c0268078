/// One reading of every cell, as the converters delivered it.
public struct RawFrame: Sendable, BitwiseCopyable {
    /// Raw converter codes per cell (Q0 counts).
    public var counts: CellValues
    /// Number of cells in use.
    public var cellCount: Int
    /// Sample time: µs on the loop's monotonic clock since the loop started.
    public var timeMicros: Int64
    /// Frame sequence number, +1 per frame read (stale or not).
    public var sequence: UInt64
    /// True when the converter returned the same conversion as last time (read faster
    /// than its data rate): flagged, and not fed to the filters as new data.
    public var isStale: Bool

    public init(cellCount: Int) {
        counts = CellValues(repeating: 0)
        self.cellCount = cellCount
        timeMicros = 0
        sequence = 0
        isStale = false
    }
}
