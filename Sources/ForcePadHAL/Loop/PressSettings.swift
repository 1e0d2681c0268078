import ForcePadCore

/// The settings the loop compares force against, sent as one unit so they change atomically
/// between two frames.
public struct PressSettings: Sendable, Equatable, BitwiseCopyable {
    public var thresholds: Thresholds
    public var hysteresis: Hysteresis

    public init(thresholds: Thresholds, hysteresis: Hysteresis) {
        self.thresholds = thresholds
        self.hysteresis = hysteresis
    }
}
