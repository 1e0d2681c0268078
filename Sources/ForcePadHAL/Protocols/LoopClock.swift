/// The loop's time base: a monotonic clock in microseconds and a way to sleep until an
/// absolute point on it (absolute, so lateness never accumulates).
public protocol LoopClock: ~Copyable {
    /// Microseconds on a monotonic clock (origin arbitrary but fixed).
    func nowMicros() -> Int64
    /// Blocks until `deadlineMicros` (same origin as `nowMicros`); returns at once if it passed.
    mutating func sleep(untilMicros deadlineMicros: Int64)
}
