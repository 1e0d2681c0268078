import ForcePadCore

/// Frames from a trace, one row per read, for `forcepad replay`: raw recordings are used as
/// recorded; force traces become counts through the inverse of each cell's calibration, so
/// the whole pipeline runs on them. Deterministic: no noise, no clock.
public struct TraceFrameSource: FrameSource {
    public let cellCount: Int
    private let trace: TraceView
    private let calibrations: [CalibrationTable]
    /// Next row to read; after the last, the last row is read again.
    private var row = 0

    /// - Precondition: the trace has one column per cell of `calibrations`.
    public init(trace: TraceView, calibrations: [CalibrationTable]) {
        precondition(trace.cellCount == calibrations.count)
        cellCount = calibrations.count
        self.trace = trace
        self.calibrations = calibrations
    }

    public mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError) {
        let current = min(row, trace.rowCount - 1)
        for cell in 0..<cellCount {
            let value = trace.value(row: current, cell: cell)
            switch trace.kind {
            case .rawCounts: frame.counts[cell] = value
            case .grams: frame.counts[cell] = calibrations[cell].counts(forForce: Force(milligrams: value))
            }
        }
        frame.isStale = false
        row += 1
    }
}
