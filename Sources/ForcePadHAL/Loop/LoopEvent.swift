/// Something the loop reports to the other threads; they log or print it, the loop never does.
public enum LoopEvent: Sendable, BitwiseCopyable, Equatable {
    /// The loop woke after one or more whole periods had passed; they were skipped, not caught up.
    case overrun(atMicros: Int64, missedPeriods: Int64)
    /// Reading a frame failed with `errno`; the frame was dropped.
    case readFailed(atMicros: Int64, errno: Int32)
    /// Driving the haptic line failed with `errno`.
    case hapticLineFailed(atMicros: Int64, errno: Int32)
    /// A command for the simulated pad reached a board that has none.
    case simulationRefused(sequence: UInt64)
}
