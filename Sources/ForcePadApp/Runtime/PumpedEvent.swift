import ForcePadCore
import ForcePadHAL

/// What the event pump hands its sinks, in the order it happened.
enum PumpedEvent {
    /// An event of the loop, with the reference force at its stage's frame (nil: none
    /// measured) and a stage pulse's crossing→line latency (nil: none measured).
    case loop(LoopEvent, reference: Force?, crossing: CrossingToLine?)
    /// A haptic line edge measured by the edge watcher.
    case edge(HapticEdgeEvent)
    /// A change in the reference sensor's health, at loop time (µs).
    case referenceHealth(ReferenceReaderReport, atMicros: Int64)
    /// A shortcut performed on the shell thread, at loop time (µs).
    case shortcut(ShortcutOutcome, atMicros: Int64)
    /// A reading of the reference sensor.
    case referenceSample(ReferenceSample)
    /// A sample of the accelerometer (kept by a recording).
    case accelerationSample(AccelerationSample)
    /// A stage's click as the accelerometer felt it, once the samples after it have come.
    case felt(HapticFelt)
    /// A change in the accelerometer's health, at loop time (µs).
    case accelerometerHealth(AccelerometerReaderReport, atMicros: Int64)
    /// Where the test stand's crosshead was (loop time).
    case standSample(StandSample)
    /// ForcePad stopped the test stand, and why, at loop time (µs).
    case standStopped(StandStopReason, atMicros: Int64)
    /// A frame's forces, while a live view watches (``LiveForceTap``).
    case force(ForceFrame)
}
