/// A known weight on one cell and what the cell read: one point of a calibration session.
public struct CalibrationMeasurement: Sendable, Equatable {
    /// Cell index, from 0.
    public var cell: Int
    /// The weight placed (its force under standard gravity).
    public var force: Force
    /// Mean reading above the cell's zero while the weight rested (Q0 counts, rounded).
    public var counts: Int32

    public init(cell: Int, force: Force, counts: Int32) {
        self.cell = cell
        self.force = force
        self.counts = counts
    }
}
