/// Where the stand's crosshead was at a moment: one status answer's travel, stamped at the
/// answer (µs: on the monotonic clock as the stand's thread takes it, on the loop's clock once
/// the event pump has it).
public struct StandSample: Sendable, Equatable {
    public var timeMicros: Int64
    /// Travel from home (µm).
    public var travel: Int64
    /// The stand's own gauge reading taken with it, when the stand is watched by its gauge (a
    /// board without a reference sensor); nil otherwise.
    public var gaugeForce: Force?

    public init(timeMicros: Int64, travel: Int64, gaugeForce: Force? = nil) {
        self.timeMicros = timeMicros
        self.travel = travel
        self.gaugeForce = gaugeForce
    }
}
