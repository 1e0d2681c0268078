/// One edge the kernel saw on an input line.
public struct GPIOEdge: Sendable, Equatable {
    /// True for a rising edge (the line went high), false for a falling one.
    public var rising: Bool
    /// When the kernel saw it: ns of CLOCK_MONOTONIC.
    public var monotonicNanos: Int64

    public init(rising: Bool, monotonicNanos: Int64) {
        self.rising = rising
        self.monotonicNanos = monotonicNanos
    }
}
