/// One frame out of ``ReferencePipeline``: the floating-point counterpart of ``ForceFrame``.
public struct ReferenceFrame<Sample: BinaryFloatingPoint> {
    /// Filtered force per cell (mg, unrounded).
    public var cellMilligrams: ReferenceCellValues<Sample>
    public var cellCount: Int
    /// Sum of all cells (mg).
    public var totalMilligrams: Sample
    /// Number of cells at or above the top of their calibration.
    public var saturatedCells: Int
    /// Number of separate contact regions (see ``ReferenceContactAnalyzer``).
    public var contacts: Int
    /// Force-weighted centre of the cells in contact, as fractions of the pad (0…1).
    public var centroidX: Sample
    public var centroidY: Sample
    /// Sample time of the raw frame (µs since loop start).
    public var timeMicros: Int64
    /// Sequence number of the raw frame it came from.
    public var sequence: UInt64

    public init(cellCount: Int) {
        cellMilligrams = ReferenceCellValues(repeating: 0)
        self.cellCount = cellCount
        totalMilligrams = 0
        saturatedCells = 0
        contacts = 0
        centroidX = 0.5
        centroidY = 0.5
        timeMicros = 0
        sequence = 0
    }
}

extension ReferenceFrame: Sendable where Sample: Sendable {}
