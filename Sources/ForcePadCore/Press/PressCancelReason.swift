/// Why a press ended without a release. Raw values are the names of the event contract.
public enum PressCancelReason: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// More than one contact region appeared while `multiTouchFails` is on.
    case multiTouch = "multi-touch"
    /// The contact moved faster than the drag speed before pop.
    case drag
    /// The sensor stopped delivering frames.
    case sensorLost = "sensor-lost"
    /// The operator cancelled it.
    case command
}
