import ForcePadCore

/// Which presses a plot marks one by one (a curve, a number, a dot, a pulse): every press of a
/// trial up to ``maxMarked``; of an endurance run, evenly spaced presses from the first to the
/// last, at most ``maxMarked``. Thousands of marks on a plot a few hundred pixels wide make one
/// blot and a file tens of megabytes long; every press stays in the report's table.
struct PlottedPresses {
    /// The indices of the presses marked (from 0), oldest first.
    let indices: [Int]
    /// One press marked in this many (1: every press).
    let step: Int
    /// Presses in the trial.
    let count: Int

    /// Most presses marked.
    static let maxMarked = 200

    init(count: Int) {
        self.count = count
        guard count > Self.maxMarked else {
            indices = Array(0..<count)
            step = 1
            return
        }
        step = (count + Self.maxMarked - 2) / (Self.maxMarked - 1)
        let every = Array(stride(from: 0, to: count, by: step))
        indices = every.last == count - 1 ? every : every + [count - 1]
    }

    /// Whether every press is marked.
    var isEvery: Bool { step == 1 }

    /// `12 presses`, or for a long trial `198 of 10000 presses (one in 51, and the last)`.
    var description: String {
        isEvery ? CountText.of(count, "press") : "\(indices.count) of \(CountText.of(count, "press")) (one in \(step), and the last)"
    }
}
