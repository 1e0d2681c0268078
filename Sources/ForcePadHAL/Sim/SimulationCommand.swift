import ForcePadCore

/// What the operator asks of the simulated pad (`sim press`, `sim release`).
public enum SimulationCommand: Sendable, BitwiseCopyable, Equatable {
    /// Ramp to `force` at `position` over the board's rise time, hold it for `holdMicros`
    /// (0: until released), then ramp back to zero.
    case press(force: Force, position: PadPosition, holdMicros: Int64)
    /// Ramp back to zero from wherever the force is.
    case release
}
