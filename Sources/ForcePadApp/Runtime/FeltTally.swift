import ForcePadCore

/// The clicks the accelerometer measured since the start, for `haptic stats`: histograms of
/// the onset latency (the stage's frame → the click felt) and of the felt latency (the
/// reference's true crossing → the click felt), the clicks never felt, and the lowest peak.
struct FeltTally: Sendable {
    /// Stage clicks measured (felt or not).
    private(set) var clicks = 0
    /// Clicks that never rose above the threshold, or had too few samples before them.
    private(set) var notFelt = 0
    private(set) var onsetLatency = LatencyHistogram()
    /// Felt latencies: only clicks felt with a reference crossing.
    private(set) var feltLatency = LatencyHistogram()
    /// The lowest peak of the clicks felt (milli-g); nil before the first.
    private(set) var lowestPeakMilliG: Int32?

    mutating func record(_ felt: HapticFelt) {
        clicks += 1
        guard let measured = felt.measurement else {
            notFelt += 1
            return
        }
        onsetLatency.record(max(0, measured.onsetLatencyMicros))
        if let latency = felt.feltLatencyMicros { feltLatency.record(max(0, latency)) }
        lowestPeakMilliG = min(lowestPeakMilliG ?? .max, measured.peakMilliG)
    }
}
