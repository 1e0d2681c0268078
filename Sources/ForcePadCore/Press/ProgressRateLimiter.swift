/// Lets a progress value through only when it moved far enough, and long enough after the
/// previous one, that an event is worth sending.
struct ProgressRateLimiter: Sendable, BitwiseCopyable {
    /// Progress of the last event, Q16.
    private var lastQ16: Int32 = 0
    /// Time of the last event (µs).
    private var lastMicros: Int64 = 0

    init() {}

    /// Starts a phase at `time` (µs): the stage event that opens it stands for progress 0.
    @_noAllocation
    mutating func restart(atMicros time: Int64) {
        lastQ16 = 0
        lastMicros = time
    }

    /// Whether `progressQ16` (Q16) at `time` (µs) is at least `stepQ16` (Q16) away from the
    /// last event and at least `intervalMicros` (µs) after it; when it is, it becomes the last.
    @_noAllocation
    mutating func admits(_ progressQ16: Int32, atMicros time: Int64, stepQ16: Int32, intervalMicros: Int64) -> Bool {
        let change = progressQ16 > lastQ16 ? progressQ16 - lastQ16 : lastQ16 - progressQ16
        guard change >= stepQ16, time - lastMicros >= intervalMicros else { return false }
        lastQ16 = progressQ16
        lastMicros = time
        return true
    }
}
