/// The three force levels of a press: touch (a finger is there), peek and pop.
/// Invariant, checked where thresholds are set: 0 < touch < peek < pop.
public struct Thresholds: Sendable, Equatable, BitwiseCopyable {
    public var touch: Force
    public var peek: Force
    public var pop: Force

    public init(touch: Force, peek: Force, pop: Force) {
        self.touch = touch
        self.peek = peek
        self.pop = pop
    }

    /// Why thresholds are impossible, or nil when they are usable. The message names the
    /// thresholds with the keys operators type (`touch`, `peek`, `pop`).
    public var problem: String? {
        if touch <= .zero { return "touch must be above 0g (is \(touch))" }
        if peek <= touch { return "peek (\(peek)) must be above touch (\(touch))" }
        if pop <= peek { return "pop (\(pop)) must be above peek (\(peek))" }
        return nil
    }
}
