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
    }

    deinit {
        points.deallocate()
        starts.deallocate()
    }

    /// Force for `counts` on `cell`, and whether the reading is saturated (at or above the
    /// last point); the rules of ``CalibrationTable/force(forCounts:)``. Integer-only.
    @inline(__always)
    public func force(cell: Int, counts: Int32) -> (milligrams: Int32, saturated: Bool) {
        let first = Int(starts[cell]), end = Int(starts[cell + 1])
        let low = points[first]
        if counts <= low.counts { return (low.force.milligrams, false) }
        let high = points[end - 1]
        if counts >= high.counts { return (high.force.milligrams, true) }
        var upper = first + 1
        while points[upper].counts < counts { upper += 1 }
        let a = points[upper - 1], b = points[upper]
        let value = CalibrationTable.interpolate(
            x: Int64(counts), x0: Int64(a.counts), x1: Int64(b.counts),
            y0: Int64(a.force.milligrams), y1: Int64(b.force.milligrams))
        return (Int32(truncatingIfNeeded: value), false)
    }
}
