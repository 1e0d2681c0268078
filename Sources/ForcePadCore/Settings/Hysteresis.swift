/// How far below each threshold the force must fall before that stage counts as left,
/// and how long a stage must be held before it counts. Keeps noise near a threshold from
/// chattering.
public struct Hysteresis: Sendable, Equatable, BitwiseCopyable {
    /// Release band below touch.
    public var touch: Force
    /// Release band below peek.
    public var peek: Force
    /// Release band below pop.
    public var pop: Force
    /// Minimum time above peek or pop before the stage counts (µs).
    public var dwellMicros: Int64
    /// Minimum time above touch before a press begins (µs). A press that begins drives no
    /// haptic, so touch can afford a longer dwell than peek and pop: it keeps a pair of
    /// spikes at rest from beginning a press.
    public var touchDwellMicros: Int64

    /// Bands and dwells; the touch dwell is `dwellMicros` when not given (as before it had its own).
    public init(touch: Force, peek: Force, pop: Force, dwellMicros: Int64, touchDwellMicros: Int64? = nil) {
        self.touch = touch
        self.peek = peek
        self.pop = pop
        self.dwellMicros = dwellMicros
        self.touchDwellMicros = touchDwellMicros ?? dwellMicros
    }

    /// Chosen on the detection-quality table of `make bench` (docs/performance.md): peek and
    /// pop fire in the first frame at their threshold, a press begins after 3 ms at touch.
    public static let standard = Hysteresis(
        touch: .grams(5), peek: .grams(15), pop: .grams(20), dwellMicros: 0, touchDwellMicros: 3_000)
}
