import ForcePadCore

/// What the operator asks of the simulated pad (`sim press`, `sim release`).
public enum SimulationCommand: Sendable, BitwiseCopyable {
    /// Ramp to `force` at `position` over the board's rise time, hold it for `holdMicros`
    /// (0: until released), then ramp back to zero.
    case press(force: Force, position: PadPosition, holdMicros: Int64)
    /// Ramp back to zero from wherever the force is.
    case release
    /// Play a trace from its first row, in real time: grams per cell (a force trace, through
    /// the inverse calibration and noise) or counts (a raw recording, as recorded); then
    /// release. The trace's cell count matches the board's (checked by the sender).
    case play(TraceView)
}
