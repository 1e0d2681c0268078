/// What the press recogniser and the quick-action menu read of a ``ForceFrame``: its total,
/// centroid, contact regions and time. Four words, passed in registers: handing a frame on
/// by its summary copies 32 bytes, not the 320-byte frame (a frame passed from a class's
/// stored property to a call in another module is copied whole first).
public struct ForceFrameSummary: Sendable, Equatable, BitwiseCopyable {
    /// Sum of all cells (Q0 mg).
    public var total: Force
    /// Force-weighted centre of the cells in contact (Q16); meaningful only when `contacts > 0`.
    public var centroid: PadPosition
    /// Number of separate contact regions.
    public var contacts: Int
    /// Sample time of the raw frame (µs since loop start).
    public var timeMicros: Int64

    @inlinable
    public init(total: Force, centroid: PadPosition, contacts: Int, timeMicros: Int64) {
        self.total = total
        self.centroid = centroid
        self.contacts = contacts
        self.timeMicros = timeMicros
    }
}
