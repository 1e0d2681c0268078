/// The recent on periods of the line, to measure its duty over a sliding window.
///
/// Periods that ended a window or more ago are forgotten. When the inline history is full
/// the two oldest periods merge into one spanning both: the gap between them then counts
/// as on time, so the duty is overestimated, never under.
struct DutyCycleWindow: Sendable, BitwiseCopyable {
    private static let capacity = 32

    /// Start and end of each on period (µs), oldest first from `oldest`, in a ring.
    private var starts = InlineArray<32, Int64>(repeating: 0)
    private var ends = InlineArray<32, Int64>(repeating: 0)
    private var oldest = 0
    private var count = 0

    init() {}

    /// Records that the line was on from `start` to `end` (µs), with duty measured over
    /// `windowMicros` (µs).
    @_noAllocation
    mutating func record(onFrom start: Int64, to end: Int64, windowMicros: Int64) {
        while count > 0 && ends[oldest] <= end - windowMicros {
            oldest = (oldest + 1) % Self.capacity
            count -= 1
        }
        if count == Self.capacity {
            let second = (oldest + 1) % Self.capacity
            starts[second] = starts[oldest]
            oldest = second
            count -= 1
        }
        let index = (oldest + count) % Self.capacity
        starts[index] = start
        ends[index] = end
        count += 1
    }

    /// On time (µs) in the window of `windowMicros` (µs) that ends at `time` (µs).
    @_noAllocation
    func onMicros(endingAt time: Int64, windowMicros: Int64) -> Int64 {
        let windowStart = time - windowMicros
        var total: Int64 = 0
        for age in 0..<count {
            let index = (oldest + age) % Self.capacity
            let overlap = min(ends[index], time) - max(starts[index], windowStart)
            if overlap > 0 { total += overlap }
        }
        return total
    }
}
