/// Where the force was on the pad in one frame: the cell carrying the most of it and the
/// force-weighted centroid (Q16 fractions, y 0.5 on a strip).
public struct ContactPlace: Sendable, Equatable {
    /// Index of the cell with the highest filtered force (0-based).
    public var cell: Int
    public var centroid: PadPosition

    public init(cell: Int, centroid: PadPosition) {
        self.cell = cell
        self.centroid = centroid
    }

    /// The place of `frame`; nil with nothing on the pad (no contact region).
    public init?(_ frame: ForceFrame) {
        guard frame.contacts > 0, frame.cellCount > 0 else { return nil }
        var strongest = 0
        for cell in 1..<max(frame.cellCount, 1) where frame.cellMilligrams[cell] > frame.cellMilligrams[strongest] { strongest = cell }
        self.init(cell: strongest, centroid: frame.centroid)
    }
}
