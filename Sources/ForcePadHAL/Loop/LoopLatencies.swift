import ForcePadCore

/// The loop's two latency histograms (4,128 bytes together), published apart from the
/// per-period ``LoopSnapshot`` through ``LoopLink/latencies``: copied into the snapshot they
/// made up most of what the loop copied every period. The loop publishes them as it records
/// a stage's latency, at the end of a period in which their reader asked for them
/// (``LoopRequests/latencies``), and once stopped.
public struct LoopLatencies: Sendable, BitwiseCopyable {
    /// Time from the frame in which a stage fired to the return of the GPIO call that
    /// started its pattern (µs).
    public var stageLatency: LatencyHistogram
    /// Wake-up lateness of every period the loop has run: how long after its absolute
    /// deadline the loop thread woke (µs).
    public var lateness: LatencyHistogram

    public init() {
        stageLatency = LatencyHistogram()
        lateness = LatencyHistogram()
    }
}
