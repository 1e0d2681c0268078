import ForcePadCore

/// A ``CalibrationTable`` evaluated in floating point: the same points and the same
/// piecewise-linear map from counts above zero to force, without rounding to whole
/// milligrams.
public struct ReferenceCalibration<Sample: BinaryFloatingPoint> {
    /// Counts of each point.
    @usableFromInline let counts: [Sample]
    /// Force of each point (mg).
    @usableFromInline let milligrams: [Sample]

    public init(_ table: CalibrationTable) {
        counts = table.points.map { Sample($0.counts) }
        milligrams = table.points.map { Sample($0.force.milligrams) }
    }

    /// Force in milligrams for a reading of `counts`. Below the first point the first
    /// point's force; at or above the last point the last point's force, with `saturated` set.
    @inlinable
    public func force(forCounts reading: Sample) -> (milligrams: Sample, saturated: Bool) {
        if reading <= counts[0] { return (milligrams[0], false) }
        let last = counts.count - 1
        if reading >= counts[last] { return (milligrams[last], true) }
        var upper = 1
        while counts[upper] < reading { upper += 1 }
        let x0 = counts[upper - 1], x1 = counts[upper]
        let y0 = milligrams[upper - 1], y1 = milligrams[upper]
        return (y0 + (reading - x0) * (y1 - y0) / (x1 - x0), false)
    }
}

extension ReferenceCalibration: Sendable where Sample: Sendable {}
