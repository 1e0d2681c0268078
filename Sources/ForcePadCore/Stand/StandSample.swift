/// Where the stand's crosshead was at a moment: one status answer's travel, stamped at the
/// answer (µs: on the monotonic clock as the stand's thread takes it, on the loop's clock once
/// the event pump has it).
public struct StandSample: Sendable, Equatable {
    public var timeMicros: Int64
    /// Travel from home (µm).
    public var travel: Int64

    public init(timeMicros: Int64, travel: Int64) {
        self.timeMicros = timeMicros
        self.travel = travel
    }
}
