/// A clock that only moves when told to, for deterministic tests of timing decisions:
/// `sleep(untilMicros:)` jumps straight to the deadline, plus any `lateness` injected.
public struct ManualClock: LoopClock {
    public private(set) var now: Int64
    /// Extra µs added to the next sleeps' wake-up times, one entry per sleep (simulated jitter).
    public var pendingLateness: [Int64] = []

    public init(startMicros: Int64 = 0) { now = startMicros }

    public func nowMicros() -> Int64 { now }

    public mutating func sleep(untilMicros deadlineMicros: Int64) {
        let late = pendingLateness.isEmpty ? 0 : pendingLateness.removeFirst()
        now = max(now, deadlineMicros + late)
    }
}
