/// An unattended series of presses by the stand (`trial start N stand …`): each cycle moves
/// the crosshead down at ``speed`` to ``depth``, holds it there for ``dwellMicros``, and moves
/// it back up to ``returnTravel`` at the same speed.
public struct StandCycles: Sendable, Equatable {
    /// How deep each press goes.
    public enum Depth: Sendable, Equatable {
        /// Down until the force reaches this (stopped within one command period of it).
        case force(Force)
        /// Down to this travel (µm from home).
        case travel(Int64)
    }

    /// Presses to make, at least 1.
    public var count: Int
    /// Down and up (µm/min).
    public var speed: Int64
    public var depth: Depth
    /// How long each press is held at its depth (µs).
    public var dwellMicros: Int64
    /// Where each press returns to (µm from home), above the pad.
    public var returnTravel: Int64

    public init(count: Int, speed: Int64, depth: Depth, dwellMicros: Int64, returnTravel: Int64) {
        self.count = count
        self.speed = speed
        self.depth = depth
        self.dwellMicros = dwellMicros
        self.returnTravel = returnTravel
    }
}
