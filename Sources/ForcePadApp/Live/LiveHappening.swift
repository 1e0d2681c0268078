import ForcePadCore

/// Something a live view marks along its time axis, at loop time.
enum LiveHappening: Sendable {
    /// Press stages that fired (or the release) at `atMicros` (µs).
    case marks(PlotMarks, atMicros: Int64)
    /// The haptic line went on or off at `atMicros` (µs).
    case hapticLine(isOn: Bool, atMicros: Int64)
}
