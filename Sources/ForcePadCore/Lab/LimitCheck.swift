/// One pass/fail limit checked against a trial: what was required, what was measured.
public struct LimitCheck: Sendable, Equatable {
    /// The requirement, e.g. `peek within ±10g of 150g`.
    public let name: String
    /// What the trial measured, e.g. `worst 12.5g`.
    public let measured: String
    public let passed: Bool

    public init(name: String, measured: String, passed: Bool) {
        self.name = name
        self.measured = measured
        self.passed = passed
    }
}
