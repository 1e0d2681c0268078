@testable import ForcePadHAL

/// A manual clock shared by reference, so a simulated device and the driver under test see
/// the same time: it moves only when someone sleeps on it.
final class SteppingClock: LoopClock {
    private(set) var now: Int64

    init(startMicros: Int64 = 1_000_000) { now = startMicros }

    func nowMicros() -> Int64 { now }

    func sleep(untilMicros deadlineMicros: Int64) {
        now = max(now, deadlineMicros)
    }

    /// Moves the clock on by `micros`.
    func advance(by micros: Int64) { now += micros }
}
