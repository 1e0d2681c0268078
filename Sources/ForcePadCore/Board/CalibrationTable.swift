/// A piecewise-linear map from raw counts to force for one cell, and its inverse.
///
/// FSRs behind a voltage divider are strongly non-linear (code ≈ F / (F + F0)), so a
/// single scale factor is wrong almost everywhere; a table of measured points is not.
/// Both coordinates must strictly increase. Integer arithmetic only (Int64 intermediates,
/// round half away from zero), so it may run in the real-time loop.
public struct CalibrationTable: Sendable, Equatable {
    public let points: [CalibrationPoint]

    /// Why a list of points cannot be a calibration table.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooFewPoints(Int)
        case countsNotIncreasing(index: Int)
        case forceNotIncreasing(index: Int)

        public var description: String {
            switch self {
            case .tooFewPoints(let count):
                "needs at least 2 points, has \(count)"
            case .countsNotIncreasing(let index):
                "point \(index + 1): counts must increase strictly from one point to the next"
            case .forceNotIncreasing(let index):
                "point \(index + 1): force must increase strictly from one point to the next"
            }
        }
    }

    public init(validating points: [CalibrationPoint]) throws(Problem) {
        guard points.count >= 2 else { throw .tooFewPoints(points.count) }
        for index in 1..<points.count {
            if points[index].counts <= points[index - 1].counts { throw .countsNotIncreasing(index: index) }
            if points[index].force <= points[index - 1].force { throw .forceNotIncreasing(index: index) }
        }
        self.points = points
    }

    /// Force of the last point: readings at or above its counts are saturated.
    public var saturationForce: Force { points[points.count - 1].force }

    /// Counts of the last point.
    public var saturationCounts: Int32 { points[points.count - 1].counts }

    /// Force for a raw reading. Below the first point the first point's force is returned;
    /// at or above the last point the last point's force is returned and `saturated` is true.
    public func force(forCounts counts: Int32) -> (force: Force, saturated: Bool) {
        let first = points[0]
        if counts <= first.counts { return (first.force, false) }
        let last = points[points.count - 1]
        if counts >= last.counts { return (last.force, true) }
        var upper = 1
        while points[upper].counts < counts { upper += 1 }
        let lo = points[upper - 1]
        let hi = points[upper]
        let mg = Self.interpolate(
            x: Int64(counts), x0: Int64(lo.counts), x1: Int64(hi.counts),
            y0: Int64(lo.force.milligrams), y1: Int64(hi.force.milligrams))
        return (Force(milligrams: Int32(mg)), false)
    }

    /// Raw reading that the force would produce (the inverse map), clamped to the table.
    /// Used by the simulated converter so the real pipeline runs on its output.
    public func counts(forForce force: Force) -> Int32 {
        counts(forForce: force, nearSegment: 1).counts
    }

    /// ``counts(forForce:)``, with the search for the force's segment started at `segment`
    /// (the index of a point, the upper end of a segment, any value), and the segment it was
    /// found in returned (1 below the table, the last point's index above it). A caller that
    /// reads the inverse often at nearby forces (the simulated pad, once per cell per frame)
    /// passes the segment it got last time: the segment is found in a step or two instead of
    /// a walk along the table. The answer does not depend on `segment`: forces strictly
    /// increase, so exactly one segment holds a force strictly between the first and last
    /// point's (its lower point's force below it, its upper point's not).
    ///
    /// The points are read unchecked: a table has at least two (``init(validating:)``); the
    /// start is clamped to 1…last, the upward walk stops at the latest at the last point (its
    /// force is above `force`), the downward one at the latest at 1 (the first point's force
    /// is below it). The result lies between two points' counts, so it fits in Int32.
    @inlinable @inline(__always)
    public func counts(forForce force: Force, nearSegment segment: Int) -> (counts: Int32, segment: Int) {
        points.withUnsafeBufferPointer { points in
            let first = points[0]
            if force <= first.force { return (first.counts, 1) }
            let lastIndex = points.count &- 1
            let last = points[lastIndex]
            if force >= last.force { return (last.counts, lastIndex) }
            var upper = min(max(segment, 1), lastIndex)
            while points[upper].force < force { upper &+= 1 }
            while points[upper &- 1].force >= force { upper &-= 1 }
            let lo = points[upper &- 1]
            let hi = points[upper]
            let counts = Int32(truncatingIfNeeded: Self.interpolateIncreasing(
                x: Int64(force.milligrams), x0: Int64(lo.force.milligrams), x1: Int64(hi.force.milligrams),
                y0: Int64(lo.counts), y1: Int64(hi.counts)))
            return (counts, upper)
        }
    }

    /// ``interpolate(x:x0:x1:y0:y1:)`` where y also increases (y0 < y1), as the inverse map's
    /// counts do: the numerator is then positive, so rounding half away from zero is adding
    /// half the divisor, and the arithmetic is unsigned and unchecked. All five are Int32
    /// values, so each difference is below 2^32, the numerator at most (2^32 − 1)^2, which
    /// with half the divisor (below 2^31) added stays below 2^64; the quotient is at most
    /// y1 − y0. The same result as ``interpolate(x:x0:x1:y0:y1:)``, without its overflow checks.
    @inlinable @inline(__always)
    static func interpolateIncreasing(x: Int64, x0: Int64, x1: Int64, y0: Int64, y1: Int64) -> Int64 {
        let numerator = UInt64(bitPattern: x &- x0) &* UInt64(bitPattern: y1 &- y0)
        let denominator = UInt64(bitPattern: x1 &- x0)
        return y0 &+ Int64(bitPattern: (numerator &+ denominator / 2) / denominator)
    }

    /// y0 + (x − x0)·(y1 − y0)/(x1 − x0), rounded to nearest. Requires x0 < x ≤ x1.
    @inline(__always)
    static func interpolate(x: Int64, x0: Int64, x1: Int64, y0: Int64, y1: Int64) -> Int64 {
        let numerator = (x - x0) * (y1 - y0)
        let denominator = x1 - x0
        let half = denominator / 2
        let rounded = numerator >= 0 ? (numerator + half) / denominator : (numerator - half) / denominator
        return y0 + rounded
    }
}
