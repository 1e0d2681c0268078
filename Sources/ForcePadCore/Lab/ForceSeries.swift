/// The filtered total force of every frame of a capture, as the press recogniser saw it:
/// frame times (µs, increasing) and totals (mg, Q0), and where on the pad the force was.
public struct ForceSeries: Sendable, Equatable {
    public private(set) var timesMicros: [Int64] = []
    public private(set) var totals: [Int32] = []
    /// The strongest cell and centroid of each frame (nil: nothing on the pad, or not known).
    public private(set) var places: [ContactPlace?] = []

    public init() {}

    /// Appends a frame's time and total, and its `place` when known; times must increase (a
    /// frame not later than the last is ignored).
    public mutating func append(timeMicros: Int64, total: Force, place: ContactPlace? = nil) {
        if let last = timesMicros.last, timeMicros <= last { return }
        timesMicros.append(timeMicros)
        totals.append(total.milligrams)
        places.append(place)
    }

    /// Appends a frame of the pipeline, with its place on the pad.
    public mutating func append(_ frame: ForceFrame) {
        append(timeMicros: frame.timeMicros, total: frame.total, place: ContactPlace(frame))
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

    /// Time of the first frame of the run of frames at or above `threshold` that holds the
    /// frame at `time` (µs): where the filtered total crossed the threshold for a stage fired
    /// in that frame (its dwell counted from there); nil when that frame is not in the series
    /// or is below the threshold.
    public func runStart(atOrAbove threshold: Force, holding time: Int64) -> Int64? {
        var index = firstIndex(notBefore: time)
        guard index < count, timesMicros[index] == time, totals[index] >= threshold.milligrams else { return nil }
        while index > 0, totals[index - 1] >= threshold.milligrams { index -= 1 }
        return timesMicros[index]
    }

    /// First index whose time is ≥ `time`.
    private func firstIndex(notBefore time: Int64) -> Int {
        timesMicros.firstIndex(notBefore: time) { $0 }
    }

    /// First index whose time is > `time`.
    private func firstIndex(after time: Int64) -> Int {
        time == .max ? timesMicros.count : firstIndex(notBefore: time + 1)
    }
}
