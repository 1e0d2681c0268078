import ForcePadCore

/// Something the loop reports to the other threads; they print or log it, the loop never does.
public enum LoopEvent: Sendable, BitwiseCopyable {
    /// A press event (`press.*`), stamped with its frame's sample time.
    case press(PressEvent)
    /// The quick-action menu opened, moved, performed a slot or closed.
    case quickAction(QuickActionEvent)
    /// The haptic line went on or off (`haptic.on` / `haptic.off`) in the period of the
    /// event's time, and what the GPIO call did (``HapticLineTiming``).
    case haptic(HapticEvent, line: HapticLineTiming)
    /// The loop woke after one or more whole periods had passed; they were skipped, not caught up.
    case overrun(atMicros: Int64, missedPeriods: Int64)
    /// Reading a frame failed with `errno`; the frame was dropped.
    case readFailed(atMicros: Int64, errno: Int32)
    /// `SensorFaultSettings/lostAfterFrames` frames in a row failed (the last with `errno`):
    /// the press was cancelled and the actuator turned off (`sensor.lost`).
    case sensorLost(atMicros: Int64, errno: Int32)
    /// A frame was read again after the sensor was lost (`sensor.restored`).
    case sensorRestored(atMicros: Int64)
    /// Driving the haptic line failed with `errno`.
    case hapticLineFailed(atMicros: Int64, errno: Int32)
    /// A command for the simulated pad reached a board that has none.
    case simulationRefused(sequence: UInt64)
}

extension LoopEvent {
    /// The frame time of a stage (`press.peek`, `press.pop`), the events that carry the
    /// reference force (`reference_g`); nil for every other event.
    public var stageFrameMicros: Int64? {
        switch self {
        case .press(.peek(let time, _)), .press(.pop(let time, _)): time
        default: nil
        }
    }

    /// When it happened (µs of loop time); 0 for a refused simulation command, which has no time.
    public var eventTimeMicros: Int64 {
        switch self {
        case .press(let press): press.timeMicros
        case .quickAction(let menu): menu.timeMicros
        case .haptic(let haptic, _): haptic.timeMicros
        case .overrun(let time, _), .readFailed(let time, _), .hapticLineFailed(let time, _), .sensorLost(let time, _),
            .sensorRestored(let time):
            time
        case .simulationRefused: 0
        }
    }
}
