import ForcePadCore

/// Frames from a trace for `forcepad replay`, read at the loop's time: each read takes the
/// last row at or before it (sample and hold, as `sim play` does), so a trace whose rows are
/// farther apart than the loop's period is resampled to the period, and a recording ticked at
/// its own rows' times reads each row once. Raw recordings are used as recorded; force
/// traces become counts through the inverse of each cell's calibration, so the whole
/// pipeline runs on them. Deterministic: no noise, no clock.
public struct TraceFrameSource: FrameSource {
    public let cellCount: Int
    private let trace: TraceView
    private let calibrations: [CalibrationTable]
    /// Loop time of the trace's first row (µs).
    private let startMicros: Int64
    /// Row last read (where the next search starts).
    private var row = 0

    /// `startMicros` is the loop time at which the first row applies (µs).
    /// - Precondition: the trace has one column per cell of `calibrations`.
    public init(trace: TraceView, calibrations: [CalibrationTable], startMicros: Int64) {
        precondition(trace.cellCount == calibrations.count)
        cellCount = calibrations.count
        self.trace = trace
        self.calibrations = calibrations
        self.startMicros = startMicros
    }

    public mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError) {
        row = trace.row(atElapsedMicros: timeMicros - startMicros, from: row)
        let current = row
        for cell in 0..<cellCount {
            let value = trace.value(row: current, cell: cell)
            switch trace.kind {
            case .rawCounts: frame.counts[cell] = value
            case .grams: frame.counts[cell] = calibrations[cell].counts(forForce: Force(milligrams: value))
            }
        }
        frame.isStale = false
    }
}
