/// Turns raw frames into force frames: the heart of the controller.
///
/// Per frame, for every cell: median-of-three spike rejection (counts) → subtract the zero
/// kept by the baseline tracker (counts, floored at 0) → calibration table (counts → mg,
/// saturation flagged) → low-pass filter (mg) → total, contact regions, centroid and
/// normalised force. While the pad is untouched the zero follows slow drift; `tare` sets it.
/// Stale frames (the converter repeated its last conversion) are not fed as new data: the
/// previous result is returned with the new time stamp.
///
/// Integer arithmetic only, and ``process(_:)`` never allocates (ForcePadAllocationTests
/// counts heap allocations around it and fails on any).
public struct ForcePipeline: Sendable {
    /// Calibration per cell (counts above zero → force).
    public private(set) var calibration: CalibrationBank
    public private(set) var settings: PipelineSettings
    public private(set) var tareOutcome = TareOutcome.none
    public let geometry: PadGeometry
    private let cellCount: Int
    private var spikes: SpikeRejector
    private var baseline: BaselineTracker
    private var filters: CellFilterBank
    private let contacts: ContactAnalyzer
    private var tare: TareMeasurement
    private var measuringTare = false
    /// The result of the last ``process(_:)`` (the previous result, re-stamped, for a stale frame).
    public private(set) var output: ForceFrame
    /// Spike-rejected counts of the last frame (Q0), kept for status.
    public private(set) var readings: CellValues

    public init(calibrations: [CalibrationTable], geometry: PadGeometry, settings: PipelineSettings) {
        self.init(calibration: CalibrationBank(calibrations), geometry: geometry, settings: settings)
    }

    public init(calibration: CalibrationBank, geometry: PadGeometry, settings: PipelineSettings) {
        precondition(calibration.cellCount == geometry.cellCount && calibration.cellCount <= BoardDescription.maxCells)
        self.calibration = calibration
        self.geometry = geometry
        self.settings = settings
        cellCount = calibration.cellCount
        spikes = SpikeRejector(cellCount: cellCount)
        baseline = BaselineTracker(cellCount: cellCount, shift: settings.baselineShift)
        filters = CellFilterBank(cellCount: cellCount, coefficients: settings.filter)
        contacts = ContactAnalyzer(geometry: geometry)
        output = ForceFrame(cellCount: cellCount)
        readings = CellValues(repeating: 0)
        tare = TareMeasurement(cellCount: cellCount, frames: settings.tareFrames)
    }

    /// Replaces the settings between two frames (a new filter restarts from the next frame).
    public mutating func apply(_ settings: PipelineSettings) {
        self.settings = settings
        baseline.shift = settings.baselineShift
        filters.apply(settings.filter)
    }

    /// Reads every cell through `calibration` from the next frame on (the zeros, filters and
    /// baseline are kept). The pipeline holds a reference to it and lets go of the one it
    /// used: keep that one alive elsewhere until this has run, so that it is never freed here
    /// (in the loop).
    public mutating func use(_ calibration: CalibrationBank) {
        precondition(calibration.cellCount == cellCount, "a calibration for every cell")
        self.calibration = calibration
    }

    /// Starts measuring every cell's zero over the configured number of frames; the result
    /// appears in ``tareOutcome``. Refused if the pad is touched meanwhile. When it succeeds,
    /// the filters restart from the next frame and drift tracking resumes from the next frame,
    /// so from then on the output depends only on the zeros and the frames read since the tare
    /// began (a recording that starts with a tare replays exactly).
    public mutating func startTare() {
        tare = TareMeasurement(cellCount: cellCount, frames: settings.tareFrames)
        measuringTare = true
        tareOutcome = .measuring(framesLeft: tare.framesLeft)
    }

    /// Zero of `cell` in counts, and how far it drifted since the last tare.
    public func zero(cell: Int) -> (counts: Int32, drift: Int32) {
        (baseline.zero(cell: cell), baseline.drift(cell: cell))
    }

    /// Writes ``output`` into `frame`: its ``cellCount`` cells and every other field (the
    /// cells past ``cellCount``, 0 in the output, are left as they are). The loop's snapshot
    /// takes the output this way every period instead of as a copy of the whole 256-cell frame
    /// (1088 bytes). `mutating` for the reason ``writeCellCounts(into:)`` is.
    public mutating func writeOutput(into frame: inout ForceFrame) {
        for cell in 0..<cellCount { frame.cellMilligrams[unchecked: cell] = output.cellMilligrams[unchecked: cell] }
        frame.cellCount = output.cellCount
        frame.total = output.total
        frame.saturatedCells = output.saturatedCells
        frame.centroid = output.centroid
        frame.contacts = output.contacts
        frame.normalisedQ16 = output.normalisedQ16
        frame.timeMicros = output.timeMicros
        frame.sequence = output.sequence
    }

    /// Writes the newest frame's ``readings`` and every cell's ``zero(cell:)`` and drift into
    /// `counts` (Q0 counts; its cells past ``cellCount`` are left as they are), in one pass
    /// over the pipeline and into `counts` where they lie: the loop's snapshot takes them
    /// every period. It only reads; it is `mutating` so that the caller passes the pipeline's
    /// address (a non-mutating call from another module copied all 7 KiB of the pipeline first).
    public mutating func writeCellCounts(into counts: inout PipelineCellCounts) {
        for cell in 0..<cellCount { counts.readings[unchecked: cell] = readings[unchecked: cell] }
        baseline.writeZeros(into: &counts.zeros, drifts: &counts.drifts)
    }

    /// Whether a tare has set the zeros since start.
    public var hasTare: Bool { baseline.hasTare }

    /// Starts every cell's zero at `zeros` (Q0 counts) without a tare, as a recording's
    /// replay does with the zeros the recording began with. For set-up, not the loop.
    public mutating func start(atZeros zeros: [Int32]) {
        baseline.start(atZeros: zeros)
    }

    /// Processes one raw frame into ``output``, which the caller reads in place: no frame is
    /// copied in or out. `raw` is only read; it is taken `inout` so that it is read where it
    /// lies (a borrowed frame of this size would be copied to the stack to be addressed).
    /// `cellCount` ≤ 256 (``BoardDescription/maxCells``) is proven in ``init(calibrations:geometry:settings:)``, so cells are
    /// read unchecked; the arithmetic wraps only where its ranges are proven.
    public mutating func process(_ raw: inout RawFrame) {
        output.timeMicros = raw.timeMicros
        output.sequence = raw.sequence
        if raw.isStale { return }

        if settings.spikeRejection {
            spikes.filter(raw.counts.span, into: &readings)
        } else {
            for cell in 0..<cellCount { readings[unchecked: cell] = raw.counts[unchecked: cell] }
        }

        var saturated = 0
        for cell in 0..<cellCount {
            // Counts and zeros are Int32, their difference need not be: it stays 64-bit.
            let difference = Int64(readings[unchecked: cell]) &- Int64(baseline.zero(uncheckedCell: cell))
            let calibrated = calibration.force(cell: cell, counts: max(difference, 0))
            output.cellMilligrams[unchecked: cell] = calibrated.milligrams
            if calibrated.saturated { saturated &+= 1 }
        }
        filters.filter(&output.cellMilligrams)

        let found = contacts.contacts(output.cellMilligrams.span, threshold: settings.contactThreshold.milligrams)
        let total = found.total
        output.total = Force(milligrams: Int32(clamping: total))
        output.saturatedCells = saturated
        output.contacts = found.regions
        output.centroid = found.centroid
        // |total| < 2^39 (256 Int32 cells), so total·2^16 cannot overflow.
        output.normalisedQ16 = Int32(clamping: (total &<< 16) / Int64(max(settings.averageTouch.milligrams, 1)))

        let zerosSet = measuringTare && measureTare()
        if !zerosSet && output.total < settings.contactThreshold && output.contacts == 0 {
            baseline.track(readings.span)
        }
    }

    /// Adds the frame to the tare in progress; returns true when it set the zeros.
    private mutating func measureTare() -> Bool {
        tare.add(readings.span, total: output.total)
        if tare.peak >= settings.touch {
            tareOutcome = .refusedTouched(peak: tare.peak)
            measuringTare = false
            return false
        }
        if tare.framesLeft > 0 {
            tareOutcome = .measuring(framesLeft: tare.framesLeft)
            return false
        }
        measuringTare = false
        let widest = tare.widestSpread()
        if widest.spread > settings.tareSpreadLimitCounts {
            tareOutcome = .refusedUnsteady(cell: widest.cell, spreadCounts: widest.spread)
            return false
        }
        baseline.tare(to: tare.zerosQ16())
        filters.restart()
        tareOutcome = .done
        return true
    }
}
