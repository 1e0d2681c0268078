/// One frame after the pipeline: force per cell and what follows from it.
public struct ForceFrame: Sendable, BitwiseCopyable {
    /// Filtered force per cell in milligrams (Q0, 1 LSB = 1 mg).
    public var cellMilligrams: CellValues
    public var cellCount: Int
    /// Sum of all cells (Q0 mg).
    public var total: Force
    /// Number of cells at or above the top of their calibration (their force is a lower bound).
    public var saturatedCells: Int
    /// Force-weighted centre of the cells in contact (Q16 fractions; y is 0.5 on a strip).
    /// Meaningful only when `contacts > 0`.
    public var centroid: PadPosition
    /// Number of separate contact regions: groups of neighbouring cells (left/right on a
    /// strip, up/down/left/right on a grid) each at or above the contact threshold.
    public var contacts: Int
    /// `total` divided by the average-touch force, Q16 (65536 = 1.0, an average touch).
    public var normalisedQ16: Int32
    /// Sample time of the raw frame (µs since loop start).
    public var timeMicros: Int64
    /// Sequence number of the raw frame it came from.
    public var sequence: UInt64

    public init(cellCount: Int) {
        cellMilligrams = CellValues(repeating: 0)
        self.cellCount = cellCount
        total = .zero
        saturatedCells = 0
        centroid = .center
        contacts = 0
        normalisedQ16 = 0
        timeMicros = 0
        sequence = 0
    }

    /// The total, centroid, contacts and time: what the recogniser and the menu read.
    /// Inlined, so that only those four fields are read where the frame lies.
    @inlinable
    public var summary: ForceFrameSummary {
        ForceFrameSummary(total: total, centroid: centroid, contacts: contacts, timeMicros: timeMicros)
    }

    /// Whether any cell is saturated: the total is then "at least" this much.
    public var isSaturated: Bool { saturatedCells > 0 }
}
