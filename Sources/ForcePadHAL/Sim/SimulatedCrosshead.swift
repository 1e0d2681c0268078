import ForcePadCore

/// A stand's crosshead as a body with a speed and an acceleration limit: it accelerates
/// towards its commanded speed, and decelerates in time to stop on its target. Position is
/// the distance below the top of the stroke (µm, 0 at the top switch, larger is lower);
/// the bottom of the stroke is ``bottom``. Floating point: this is the simulator, off the loop.
public struct SimulatedCrosshead: Sendable {
    /// The lowest the crosshead can go (µm): a hard stop.
    public static let bottom: Double = 200_000
    /// Where the crosshead is (µm below the top).
    public private(set) var position: Double
    /// Its velocity (µm/s, positive downwards).
    public private(set) var velocity: Double = 0
    /// Where it is heading (µm), nil when it is to stop.
    public private(set) var target: Double?
    private var speed: Double = 0
    private let acceleration: Double

    /// A crosshead at `position` (µm) that changes speed at `acceleration` (µm/s²).
    public init(position: Double, acceleration: Double) {
        self.position = position
        self.acceleration = acceleration
    }

    /// Whether it is moving or has somewhere to go.
    public var isMoving: Bool { velocity != 0 || target != nil }

    /// Heads for `target` (µm, kept within the stroke) at `speed` (µm/s).
    public mutating func go(to target: Double, speed: Double) {
        self.target = min(max(target, 0), Self.bottom)
        self.speed = max(speed, 1)
    }

    /// Decelerates to a stop.
    public mutating func halt() { target = nil }

    /// Stops dead where it is (a reset, a limit switch).
    public mutating func freeze() {
        target = nil
        velocity = 0
    }

    /// Moves on by `seconds`: towards the target at its speed, never faster than it can still
    /// stop on the target at its acceleration (v = √(2·a·d)); without a target, to a stop.
    public mutating func advance(seconds: Double) {
        guard seconds > 0 else { return }
        var wanted = 0.0
        if let target {
            let distance = target - position
            wanted = (distance > 0 ? 1 : -1) * min(speed, (2 * acceleration * abs(distance)).squareRoot())
        }
        let step = acceleration * seconds
        let next = velocity + max(-step, min(step, wanted - velocity))
        let moved = (velocity + next) / 2 * seconds
        velocity = next
        if let target {
            let before = target - position
            let after = before - moved
            if abs(after) < 0.5 || (before > 0) != (after > 0) {
                position = target
                velocity = 0
                self.target = nil
                return
            }
        }
        position = min(max(position + moved, 0), Self.bottom)
        if position == 0 || position == Self.bottom { velocity = 0 }
    }
}
