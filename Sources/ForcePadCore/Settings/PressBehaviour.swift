/// How presses are told apart from other contact, beyond thresholds and hysteresis.
public struct PressBehaviour: Sendable, Equatable, BitwiseCopyable {
    /// Whether a second contact region cancels the press (`reason: multi-touch`).
    public var multiTouchFails: Bool
    /// Centroid speed above which a press not yet popped is cancelled as a drag, in pad
    /// widths per second, Q16 (65536 = one width per second); 0 turns drag detection off.
    public var dragSpeedQ16PerSecond: Int32
    /// Window over which that speed is measured (µs).
    public var dragWindowMicros: Int64
    /// Smallest change of progress worth an event, Q16 (4096 = 1/16).
    public var progressStepQ16: Int32
    /// Shortest time between two progress events (µs).
    public var progressIntervalMicros: Int64

    public init(
        multiTouchFails: Bool, dragSpeedQ16PerSecond: Int32, dragWindowMicros: Int64,
        progressStepQ16: Int32, progressIntervalMicros: Int64
    ) {
        self.multiTouchFails = multiTouchFails
        self.dragSpeedQ16PerSecond = dragSpeedQ16PerSecond
        self.dragWindowMicros = dragWindowMicros
        self.progressStepQ16 = progressStepQ16
        self.progressIntervalMicros = progressIntervalMicros
    }

    public static let standard = PressBehaviour(
        multiTouchFails: true, dragSpeedQ16PerSecond: PadPosition.one, dragWindowMicros: 40_000,
        progressStepQ16: 4096, progressIntervalMicros: 20_000)
}
