/// A horizontal line across a force plot: a threshold (solid) or the release level below
/// it, threshold minus hysteresis (dotted), labelled in the left margin when it has a label.
public struct PlotLevel: Sendable, Equatable {
    /// The force the line marks (mg, Q0).
    public var milligrams: Int64
    /// Every dot of the line drawn (a threshold) or every other one (a release level).
    public var solid: Bool
    /// The margin's text for its row ("peek 150g"), nil for none.
    public var label: String?

    public init(milligrams: Int64, solid: Bool, label: String? = nil) {
        self.milligrams = milligrams
        self.solid = solid
        self.label = label
    }
}
