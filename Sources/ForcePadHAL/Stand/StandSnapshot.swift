import ForcePadCore

/// What the stand's thread knows, as the shell and trials read it.
public struct StandSnapshot: Sendable, Equatable {
    /// What the crosshead does, as its last status said.
    public var state: StandState = .unknown
    /// Travel from home (µm), once known.
    public var travel: Int64?
    /// The latest force reading (from the reference sensor or the stand's gauge).
    public var force: Force?
    /// The request being carried out; nil once done or stopped.
    public var request: StandRequest?
    /// Whether the crosshead has found home since the start (moves are refused until then).
    public var homed = false
    /// Whether ForcePad stopped the stand and no request came since (a fault is reported once).
    public var stopped = false
    /// The last stop and why.
    public var lastStop: StandStopReason?
    /// Requests finished (home reached, travel reached, force reached or the deepest travel).
    public var finished: UInt64 = 0
    /// Presses made by the current (or last) ``StandRequest/cycles(_:)``.
    public var cyclesDone = 0
    /// Status answers received.
    public var answers: UInt64 = 0
    /// Whether the current request has been seen under way (a status other than idle).
    var sawBusy = false

    public init() {}
}
