/// How each cell's zero is found and kept.
public struct BaselineSettings: Sendable, Equatable, BitwiseCopyable {
    /// Time constant of the drift tracker while the pad is untouched (µs); 0 turns tracking off.
    public var trackingMicros: Int64
    /// How long `tare` measures (µs).
    public var tareMicros: Int64
    /// Largest spread (max − min of its spike-rejected readings) a cell may show during a
    /// tare, in counts; a wider spread means the pad was not still and the tare is refused.
    public var tareSpreadLimitCounts: Int32

    public init(trackingMicros: Int64, tareMicros: Int64, tareSpreadLimitCounts: Int32) {
        self.trackingMicros = trackingMicros
        self.tareMicros = tareMicros
        self.tareSpreadLimitCounts = tareSpreadLimitCounts
    }

    public static let standard = BaselineSettings(trackingMicros: 10_000_000, tareMicros: 200_000, tareSpreadLimitCounts: 64)
}
