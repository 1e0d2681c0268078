/// What other threads ask of the real-time loop, one bit each of one atomic word
/// (``LoopLink/requests``) that the loop loads once a period. With nobody asking, most
/// periods, the loop pays that one load and a test or two on a register, where four flags of
/// their own took a load and a test each.
public struct LoopRequests: OptionSet, Sendable, BitwiseCopyable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Fill and publish the snapshot at the end of the period (``LoopLink/latestSnapshot(_:timeoutMicros:)``);
    /// withdrawn by the loop once it has. A period nobody asked in publishes nothing: filling
    /// and copying the snapshot is most of what a period does besides its own work (about 240
    /// instructions on the 4-cell sim board, 5 KiB copied on a 256-cell pad). A loop ticked by
    /// hand (a replay, the tests) asks before each tick whose snapshot it reads.
    public static let snapshot = LoopRequests(rawValue: 1 << 0)
    /// Publish the latency histograms at the end of the period (``LoopLink/latestLatencies(_:timeoutMicros:)``);
    /// withdrawn by the loop once it has.
    public static let latencies = LoopRequests(rawValue: 1 << 1)
    /// Push each frame read into ``LoopLink/frames``, until the recorder withdraws it.
    public static let recordingFrames = LoopRequests(rawValue: 1 << 2)
    /// Push each frame's forces after the pipeline into ``LoopLink/forces``, until the live
    /// view withdraws it.
    public static let streamingForces = LoopRequests(rawValue: 1 << 3)
    /// What the loop answers once, at the end of a period, and then withdraws: the snapshot
    /// and the latencies. By their bits, not an array literal (which allocates unoptimised).
    public static let answeredOnce = LoopRequests(rawValue: snapshot.rawValue | latencies.rawValue)
}
