/// The filtered total force of every frame of a capture, as the press recogniser saw it:
/// frame times (µs, increasing) and totals (mg, Q0).
public struct ForceSeries: Sendable, Equatable {
    public private(set) var timesMicros: [Int64] = []
    public private(set) var totals: [Int32] = []

    public init() {}

    /// Appends a frame; times must increase (a frame not later than the last is ignored).
    public mutating func append(timeMicros: Int64, total: Force) {
        if let last = timesMicros.last, timeMicros <= last { return }
        timesMicros.append(timeMicros)
        totals.append(total.milligrams)
    }

    public var count: Int { timesMicros.count }

    /// Indices of the frames with `start ≤ time ≤ end`.
    public func indices(from start: Int64, through end: Int64) -> Range<Int> {
        firstIndex(notBefore: start)..<firstIndex(after: end)
    }

    /// Frames after `start` and up to `end` whose total reached `threshold` while the frame
    /// before was below it.
    public func upwardCrossings(of threshold: Force, after start: Int64, through end: Int64) -> Int {
        let range = firstIndex(after: start)..<firstIndex(after: end)
        var crossings = 0
        for index in range where index > 0 {
            if totals[index - 1] < threshold.milligrams && totals[index] >= threshold.milligrams { crossings += 1 }
        }
        return crossings
    }

    /// First index whose time is ≥ `time`.
    private func firstIndex(notBefore time: Int64) -> Int {
        var low = 0, high = timesMicros.count
        while low < high {
            let middle = (low + high) / 2
            if timesMicros[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// First index whose time is > `time`.
    private func firstIndex(after time: Int64) -> Int {
        time == .max ? timesMicros.count : firstIndex(notBefore: time + 1)
    }
}
