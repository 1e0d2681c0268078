import CRealTime

/// The one way a thread waits for the real-time loop: until the loop has applied a command,
/// reached a tick or stopped (``until(timeoutMicros:_:)``), or for a stretch of loop time
/// (``pause(micros:)``). Every wait has a deadline on the loop's clock (CLOCK_MONOTONIC,
/// ``MonotonicClock``); nothing blocks forever.
///
/// Woken, not polled: a waiter registers itself, checks its condition and sleeps on a futex
/// word (`fp_tick_signal` in CRealTime). At the end of each period, and once it has stopped,
/// the loop calls ``notify()``: one relaxed load of the waiter count, and only while a waiter
/// is registered a bump of the word and a `FUTEX_WAKE`. With no waiter the loop pays that one
/// load per frame: no lock, no syscall, no allocation. A wake the loop misses (its load seen
/// before the waiter's registration) is made up by the next period's; each sleep is also cut
/// at ``sliceMicros`` (10 ms), so a wake missed as the loop stops costs at most that.
///
/// Allocated once with its ``LoopLink``; the word never moves.
public final class LoopWait: @unchecked Sendable {
    private let signal: UnsafeMutablePointer<fp_tick_signal>
    /// Longest single sleep before the condition is checked again (µs).
    public let sliceMicros: Int64

    public init(sliceMicros: Int64 = 10_000) {
        self.sliceMicros = sliceMicros
        signal = .allocate(capacity: 1)
        signal.initialize(to: fp_tick_signal())
    }

    deinit {
        signal.deinitialize(count: 1)
        signal.deallocate()
    }

    /// Loop side, at the end of each period and once stopped: wakes the waiters, if any.
    @inline(__always)
    public func notify() { fp_tick_signal_notify(signal) }

    /// Waits until `condition` holds (checked now, then after each period the loop ends),
    /// at most `timeoutMicros` of loop time; returns whether it held. `condition` runs on
    /// the waiting thread and must only read what the loop publishes (atomics, the snapshot).
    @discardableResult
    public func until(timeoutMicros: Int64, _ condition: () -> Bool) -> Bool {
        if condition() { return true }
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + timeoutMicros
        fp_tick_signal_enter(signal)
        defer { fp_tick_signal_leave(signal) }
        while true {
            let seen = fp_tick_signal_word(signal)
            if condition() { return true }
            let left = deadline - clock.nowMicros()
            if left <= 0 { return false }
            _ = fp_tick_signal_wait(signal, seen, min(left, sliceMicros) * 1_000)
        }
    }

    /// Lets `micros` of loop time pass on the calling thread (the loop keeps running); a
    /// period for threads that work in rounds rather than on the loop's progress.
    public static func pause(micros: Int64) {
        guard micros > 0 else { return }
        var clock = MonotonicClock()
        clock.sleep(untilMicros: clock.nowMicros() + micros)
    }
}
