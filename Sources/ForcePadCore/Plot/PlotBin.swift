/// One column of dots of a force plot: the lowest and highest force of the frames whose
/// time falls in its span, and what happened in that span.
public struct PlotBin: Sendable, Equatable {
    /// Lowest force of the span's frames (mg, Q0); meaningful when ``hasForce``.
    public var lowMilligrams: Int64 = 0
    /// Highest force of the span's frames (mg, Q0); meaningful when ``hasForce``.
    public var highMilligrams: Int64 = 0
    /// Whether any frame fell in the span.
    public var hasForce = false
    public var marks: PlotMarks = []

    public init() {}

    /// A span whose frames went from `low` to `high` (mg), with `marks`.
    public init(lowMilligrams: Int64, highMilligrams: Int64, marks: PlotMarks = []) {
        self.lowMilligrams = lowMilligrams
        self.highMilligrams = highMilligrams
        hasForce = true
        self.marks = marks
    }

    /// Takes in a frame of `milligrams` (mg).
    public mutating func add(milligrams: Int64) {
        if hasForce {
            lowMilligrams = min(lowMilligrams, milligrams)
            highMilligrams = max(highMilligrams, milligrams)
        } else {
            lowMilligrams = milligrams
            highMilligrams = milligrams
            hasForce = true
        }
    }
}
