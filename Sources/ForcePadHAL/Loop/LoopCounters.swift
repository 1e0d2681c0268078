/// Running totals kept by the loop since it started.
public struct LoopCounters: Sendable, BitwiseCopyable, Equatable {
    /// Periods executed.
    public var ticks: UInt64 = 0
    /// Periods skipped because the loop woke too late for them.
    public var missedPeriods: UInt64 = 0
    /// Frames whose conversion repeated the previous one.
    public var staleFrames: UInt64 = 0
    /// Frames dropped because the read failed.
    public var readErrors: UInt64 = 0
    /// Times the sensor was lost (``LoopEvent/sensorLost(atMicros:errno:)``).
    public var sensorLosses: UInt64 = 0
    /// Events that did not fit in the event ring.
    public var droppedEvents: UInt64 = 0
    /// Real-time playback amplitudes written (one transfer each), and writes that failed
    /// (retried the next period).
    public var amplitudeWrites: UInt64 = 0
    public var amplitudeWriteFailures: UInt64 = 0
    /// Wake-up lateness of the last period and the worst so far (µs after the deadline).
    public var lastLatenessMicros: Int64 = 0
    public var maxLatenessMicros: Int64 = 0

    public init() {}
}
