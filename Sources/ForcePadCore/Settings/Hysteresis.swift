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
    /// Minimum time above a threshold before the stage counts (µs).
    public var dwellMicros: Int64

    public init(touch: Force, peek: Force, pop: Force, dwellMicros: Int64) {
        self.touch = touch
        self.peek = peek
        self.pop = pop
        self.dwellMicros = dwellMicros
    }

    public static let standard = Hysteresis(
        touch: .grams(5), peek: .grams(15), pop: .grams(20), dwellMicros: 1_000)
}
