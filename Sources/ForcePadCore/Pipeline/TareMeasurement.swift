/// Collects spike-rejected readings for a tare and turns them into per-cell zeros.
///
/// Outlier-rejecting without storing samples: per cell it keeps the sum, minimum and
/// maximum, and the zero is the mean with the single lowest and highest reading dropped
/// (on top of the median-of-three already applied to every reading).
public struct TareMeasurement: Sendable {
    private var sums: WideCellValues
    private var minimums: CellValues
    private var maximums: CellValues
    private var collected = 0
    /// Highest total force seen while measuring.
    public private(set) var peak = Force.zero
    public let frames: Int
    private let cellCount: Int

    /// Fewest frames a tare may average (two are dropped as outliers).
    public static let minimumFrames = 8

    public init(cellCount: Int, frames: Int) {
        self.cellCount = cellCount
        self.frames = max(frames, Self.minimumFrames)
        sums = InlineArray(repeating: 0)
        minimums = CellValues(repeating: .max)
        maximums = CellValues(repeating: .min)
    }

    public var framesLeft: Int { frames - collected }

    /// Adds one frame's readings (Q0 counts) and its total force.
    @inline(__always)
    public mutating func add(_ counts: Span<Int32>, total: Force) {
        for cell in 0..<cellCount {
            let value = counts[cell]
            sums[cell] += Int64(value)
            if value < minimums[cell] { minimums[cell] = value }
            if value > maximums[cell] { maximums[cell] = value }
        }
        if total > peak { peak = total }
        collected += 1
    }

    /// The trimmed mean per cell in Q16 counts (call when `framesLeft == 0`).
    public func zerosQ16() -> WideCellValues {
        var zeros = WideCellValues(repeating: 0)
        let kept = Int64(collected - 2)
        for cell in 0..<cellCount {
            let trimmed = sums[cell] - Int64(minimums[cell]) - Int64(maximums[cell])
            zeros[cell] = ((trimmed << 16) + kept / 2) / kept
        }
        return zeros
    }

    /// The cell whose readings spread the most (max − min, Q0 counts).
    public func widestSpread() -> (cell: Int, spread: Int32) {
        var widest = (cell: 0, spread: Int32(0))
        for cell in 0..<cellCount where maximums[cell] - minimums[cell] > widest.spread {
            widest = (cell, maximums[cell] - minimums[cell])
        }
        return widest
    }
}
