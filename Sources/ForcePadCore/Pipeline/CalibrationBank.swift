/// Every cell's calibration table in one block of memory allocated once, so the loop reads
/// all of them without reference counting or copying per cell. Immutable after `init`.
public final class CalibrationBank: @unchecked Sendable {
    /// The points of every table, cell after cell.
    private let points: UnsafeMutablePointer<CalibrationPoint>
    /// Cell `k`'s points are `points[starts[k]..<starts[k + 1]]`.
    private let starts: UnsafeMutablePointer<Int32>
    public let cellCount: Int

    public init(_ tables: [CalibrationTable]) {
        precondition(tables.count <= BoardDescription.maxCells)
        let total = tables.reduce(0) { $0 + $1.points.count }
        points = .allocate(capacity: max(total, 1))
        starts = .allocate(capacity: tables.count + 1)
        var next = 0
        for (cell, table) in tables.enumerated() {
            starts[cell] = Int32(next)
            (points + next).initialize(from: table.points, count: table.points.count)
            next += table.points.count
        }
        starts[tables.count] = Int32(next)
        cellCount = tables.count
        // What ``force(cell:counts:)`` relies on to skip checks in the loop: at least one point
        // per table, and in every segment x0 < x1 and (x1 − x0)·(y1 − y0) + (x1 − x0) < 2^63.
        for cell in 0..<cellCount {
            let first = Int(starts[cell]), end = Int(starts[cell + 1])
            precondition(end > first, "a calibration table has points")
            for upper in (first + 1)..<max(end, first + 1) {
                let a = points[upper - 1], b = points[upper]
                let width = Int64(b.counts) - Int64(a.counts)
                let height = Int64(b.force.milligrams) - Int64(a.force.milligrams)
                let product = width.multipliedReportingOverflow(by: height)
                precondition(width > 0 && height > 0, "calibration points increase")
                precondition(!product.overflow && !product.partialValue.addingReportingOverflow(width).overflow, "calibration segment too large")
            }
        }
    }

    deinit {
        points.deallocate()
        starts.deallocate()
    }

    /// Force for `counts` on `cell`, and whether the reading is saturated (at or above the
    /// last point); the rules of ``CalibrationTable/force(forCounts:)``. Integer-only. `counts`
    /// is any Int64 (below the first point it reads as the first point, above the last as the
    /// last), so the pipeline passes a 64-bit difference floored at 0 without narrowing it to
    /// Int32 first: Swift 6.2.3 narrowed it by branches (two and a move a cell on arm64).
    @inline(__always)
    public func force(cell: Int, counts: Int64) -> (milligrams: Int32, saturated: Bool) {
        let first = Int(starts[cell]), end = Int(starts[cell + 1])
        let low = points[first]
        if counts <= Int64(low.counts) { return (low.force.milligrams, false) }
        let high = points[end - 1]
        if counts >= Int64(high.counts) { return (high.force.milligrams, true) }
        var upper = first &+ 1
        while Int64(points[upper].counts) < counts { upper &+= 1 }
        let a = points[upper &- 1], b = points[upper]
        // x0 < counts < x1 and y0 < y1, so the numerator is positive and the rounding of
        // ``CalibrationTable/interpolate(x:x0:x1:y0:y1:)`` is (n + d/2) / d, computed unsigned;
        // the segment sizes proven in `init` keep it from overflowing. The result lies in y0…y1.
        let denominator = UInt64(truncatingIfNeeded: Int64(b.counts) &- Int64(a.counts))
        let numerator = UInt64(truncatingIfNeeded:
            (counts &- Int64(a.counts)) &* (Int64(b.force.milligrams) &- Int64(a.force.milligrams)))
        let rounded = (numerator &+ denominator / 2) / denominator
        return (Int32(truncatingIfNeeded: Int64(a.force.milligrams) &+ Int64(truncatingIfNeeded: rounded)), false)
    }
}
