import ForcePadCore

/// What the operator or a trial asks of the stand; the stand's thread acts on it at its next round.
public enum StandRequest: Sendable, Equatable {
    /// Find home, the top of the stroke.
    case home
    /// Move to `travel` (µm from home) at `speed` (µm/min).
    case move(travel: Int64, speed: Int64)
    /// Move down at `speed` (µm/min) until the force reaches `force`, or the deepest travel allowed.
    case press(force: Force, speed: Int64)
    /// Press again and again, unattended (``StandCycleRunner``).
    case cycles(StandCycles)
}
