/// One point of a calibration curve: a raw ADC reading and the force that produces it.
public struct CalibrationPoint: Sendable, Equatable, BitwiseCopyable {
    /// Raw converter code (Q0 counts).
    public var counts: Int32
    /// Force at that code.
    public var force: Force

    public init(counts: Int32, force: Force) {
        self.counts = counts
        self.force = force
    }
}
