/// Everything the press recogniser compares a frame against. Sent to the loop as one unit,
/// so it changes between two frames, never within one.
public struct PressRecognizerSettings: Sendable, Equatable, BitwiseCopyable {
    /// Touch, peek and pop, compared with the frame's total force.
    public var thresholds: Thresholds
    /// The release band below touch ends a press; the peek and pop bands say when a fired
    /// stage counts as left (see ``PressRecognizer/isDeepestStageHeld``); the dwell is the
    /// time a threshold must be held before its stage fires.
    public var hysteresis: Hysteresis
    /// Whether more than one contact region cancels the press (`ForceGestureRecognizer`
    /// fails with a second touch).
    public var multiTouchFails: Bool
    /// Fastest the centroid may move before pop without cancelling the press, Q16 fractions
    /// of the pad per second (65536 = the whole width in one second); 0 never cancels.
    public var dragSpeedQ16PerSecond: Int32
    /// Time over which the centroid's speed is measured (µs); longer is steadier against
    /// noise in the centroid, shorter reacts sooner.
    public var dragWindowMicros: Int64
    /// Smallest change of progress worth an event, Q16 (4096 = 1/16).
    public var progressStepQ16: Int32
    /// Shortest time between two progress events (µs).
    public var progressIntervalMicros: Int64

    public init(
        thresholds: Thresholds, hysteresis: Hysteresis, multiTouchFails: Bool = true,
        dragSpeedQ16PerSecond: Int32 = PadPosition.one, dragWindowMicros: Int64 = 40_000,
        progressStepQ16: Int32 = 4096, progressIntervalMicros: Int64 = 20_000
    ) {
        self.thresholds = thresholds
        self.hysteresis = hysteresis
        self.multiTouchFails = multiTouchFails
        self.dragSpeedQ16PerSecond = dragSpeedQ16PerSecond
        self.dragWindowMicros = dragWindowMicros
        self.progressStepQ16 = progressStepQ16
        self.progressIntervalMicros = progressIntervalMicros
    }

    /// The thresholds and hysteresis of ``ControllerSettings/standard``: multi-touch fails,
    /// a drag faster than one pad width per second (over 40 ms) cancels, progress every 1/16
    /// and at most every 20 ms.
    public static let standard = PressRecognizerSettings(ControllerSettings.standard)
}
