import Glibc

/// CLOCK_MONOTONIC with `clock_nanosleep(TIMER_ABSTIME)`: the real loop's clock.
public struct MonotonicClock: LoopClock {
    public init() {}

    @inline(__always)
    public func nowMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }

    public mutating func sleep(untilMicros deadlineMicros: Int64) {
        var deadline = timespec(
            tv_sec: Int(deadlineMicros / 1_000_000), tv_nsec: Int(deadlineMicros % 1_000_000) * 1_000)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}
