/// What the accelerometer on the pad felt of one stage's click in a trial (from its
/// `haptic.felt` event): the figures a felt limit judges.
public struct StageFelt: Sendable, Equatable {
    /// The stage's frame → the click's onset (µs); nil when it was not felt.
    public var onsetLatencyMicros: Int64?
    /// The reference's true crossing → the click's onset (µs); nil without a reference
    /// crossing, or when it was not felt.
    public var feltLatencyMicros: Int64?
    /// The envelope's highest value after the stage (milli-g); 0 when it was not felt.
    public var peakMilliG: Int32

    public init(onsetLatencyMicros: Int64?, feltLatencyMicros: Int64?, peakMilliG: Int32) {
        self.onsetLatencyMicros = onsetLatencyMicros
        self.feltLatencyMicros = feltLatencyMicros
        self.peakMilliG = peakMilliG
    }

    /// Whether the click rose above the threshold at all.
    public var wasFelt: Bool { onsetLatencyMicros != nil }
}
