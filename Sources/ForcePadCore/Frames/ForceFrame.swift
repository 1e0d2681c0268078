/// One frame after the pipeline: force per cell and what follows from it.
public struct ForceFrame: Sendable, BitwiseCopyable {
    /// Force per cell in milligrams (Q0, 1 LSB = 1 mg).
    public var cellMilligrams: CellValues
    public var cellCount: Int
    /// Sum of all cells in milligrams (Q0).
    public var total: Force
    /// Number of cells at or above the top of their calibration (their force is a lower bound).
    public var saturatedCells: Int
    /// Sample time of the raw frame (µs since loop start).
    public var timeMicros: Int64
    /// Sequence number of the raw frame it came from.
    public var sequence: UInt64

    public init(cellCount: Int) {
        cellMilligrams = CellValues(repeating: 0)
        self.cellCount = cellCount
        total = .zero
        saturatedCells = 0
        timeMicros = 0
        sequence = 0
    }

    /// Whether any cell is saturated: the total is then "at least" this much.
    public var isSaturated: Bool { saturatedCells > 0 }
}
