/// The three force levels of a press: touch (a finger is there), peek and pop.
/// Invariant, checked by ``SettingsRules`` wherever thresholds are set: 0 < touch < peek < pop.
public struct Thresholds: Sendable, Equatable, BitwiseCopyable {
    public var touch: Force
    public var peek: Force
    public var pop: Force

    public init(touch: Force, peek: Force, pop: Force) {
        self.touch = touch
        self.peek = peek
        self.pop = pop
    }
}
