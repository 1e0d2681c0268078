/// Turns raw frames into force frames, integer-only and without allocating.
///
/// Today's stages: per-cell calibration (counts → milligrams, saturation flagged) and the
/// total. Stale frames keep the previous result.
public struct ForcePipeline: Sendable {
    /// Calibration per cell (one table per cell; all the board default until calibrated).
    public private(set) var calibrations: [CalibrationTable]
    private var output: ForceFrame

    public init(calibrations: [CalibrationTable]) {
        precondition(!calibrations.isEmpty && calibrations.count <= BoardDescription.maxCells)
        self.calibrations = calibrations
        output = ForceFrame(cellCount: calibrations.count)
    }

    /// Processes one raw frame and returns the resulting force frame.
    public mutating func process(_ raw: RawFrame) -> ForceFrame {
        output.timeMicros = raw.timeMicros
        output.sequence = raw.sequence
        if raw.isStale { return output }
        var total: Int64 = 0
        var saturated = 0
        for cell in 0..<output.cellCount {
            let result = calibrations[cell].force(forCounts: raw.counts[cell])
            output.cellMilligrams[cell] = result.force.milligrams
            total += Int64(result.force.milligrams)
            if result.saturated { saturated += 1 }
        }
        output.total = Force(milligrams: Int32(clamping: total))
        output.saturatedCells = saturated
        return output
    }
}
