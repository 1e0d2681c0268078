/// Which force a stage's `tolerance` is judged on (`[trials.peek] basis`).
public enum ToleranceBasis: String, Sendable, Equatable, Codable, CaseIterable {
    /// The pad's own estimate when the stage fired (`force_g`).
    case pad
    /// The reference sensor's force at the stage's frame (`reference_g`): the true force.
    case reference
}
