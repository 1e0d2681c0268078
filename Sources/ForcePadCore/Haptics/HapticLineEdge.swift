/// A change the loop must make to the actuator line now: one GPIO call per edge.
public enum HapticLineEdge: Sendable, Equatable, BitwiseCopyable {
    /// Turn the actuator on (`setActive(true)`).
    case rising
    /// Turn the actuator off (`setActive(false)`).
    case falling
}
