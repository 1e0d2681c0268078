import ForcePadCore
import ForcePadHAL

/// What the ``EventPump`` keeps under its lock: the one consumer handle of each ring it
/// empties, the reference readings and felt clicks it follows, the events held for their
/// reference reading, and the console lines waiting for the interactive shell.
struct EventPumpChannels: ~Copyable {
    var events: SPSCRingConsumer<LoopEvent>
    var edges: SPSCRingConsumer<HapticEdgeEvent>
    var references: SPSCRingConsumer<ReferenceSample>
    var accelerations: SPSCRingConsumer<AccelerationSample>
    var forces: SPSCRingConsumer<ForceFrame>
    /// Measures each stage's click; nil without an accelerometer.
    var felt: FeltClickFollower?
    /// The reference readings so far; nil without a reference sensor.
    var history: ReferenceHistory?
    /// Finds a stage pulse's crossing, with the thresholds in force.
    var crossing = StagePulseCrossing()
    /// The crossing→line latency of every stage pulse measured (µs), for `haptic stats`.
    var crossingToLine = LatencyHistogram()
    /// Events taken off the ring that wait for the reference reading after a stage, oldest first.
    var held: [LoopEvent] = []
    /// Console lines waiting for the interactive shell, oldest first.
    var waitingLines: [String] = []
    /// Lines dropped because the shell did not take them in time.
    var droppedLines = 0
}
