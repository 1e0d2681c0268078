/// What the pipeline shows of each cell in counts (Q0), for the loop's snapshot: the newest
/// frame's spike-rejected readings, each cell's zero and its drift since the last tare. One
/// value, so that the pipeline writes all three where they lie in one call
/// (``ForcePipeline/writeCellCounts(into:)``), cell by cell, rather than through copies of
/// whole 256-cell arrays.
public struct PipelineCellCounts: Sendable, BitwiseCopyable {
    /// Spike-rejected readings of the newest frame (Q0 counts).
    public var readings: CellValues
    /// Each cell's zero (Q0 counts).
    public var zeros: CellValues
    /// Each cell's drift since the last tare (Q0 counts).
    public var drifts: CellValues

    public init() {
        readings = CellValues(repeating: 0)
        zeros = CellValues(repeating: 0)
        drifts = CellValues(repeating: 0)
    }
}
