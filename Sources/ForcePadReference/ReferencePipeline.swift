import ForcePadCore

/// The force pipeline in floating point: the yardstick the fixed-point ``ForcePipeline``
/// is measured against (accuracy tests use `Double`) and the chain it is raced against
/// (the benchmark uses `Float`).
///
/// Per frame, for every cell: median-of-three spike rejection (counts) → subtract the zero
/// (counts, floored at 0) → the same calibration tables, piecewise-linear without rounding
/// (mg) → one-pole or biquad low-pass (mg) → total, contact regions and centroid. Stale
/// frames return the previous result with the new time stamp. Nothing is rounded to whole
/// counts or milligrams, so the difference from ``ForcePipeline`` is the fixed-point error.
///
/// The zero of each cell is fixed (set with ``setZero(cell:counts:)``, 0 by default): drift
/// tracking and tare are not modelled, so compare against a fixed-point pipeline with
/// drift tracking off or a pad that is pressed. The filter coefficients default to the
/// fixed-point pipeline's quantised ones; pass ``ReferenceFilterCoefficients/init(ideal:sampleRateHz:)``
/// to compare against the unquantised design instead.
public struct ReferencePipeline<Sample: BinaryFloatingPoint> {
    public let settings: PipelineSettings
    public let geometry: PadGeometry
    @usableFromInline let cellCount: Int
    @usableFromInline let calibrations: [ReferenceCalibration<Sample>]
    @usableFromInline var zeros: ReferenceCellValues<Sample>
    @usableFromInline var spikes: ReferenceSpikeRejector<Sample>
    @usableFromInline var filters: ReferenceLowPassFilter<Sample>
    @usableFromInline let contacts: ReferenceContactAnalyzer<Sample>
    @usableFromInline let contactThreshold: Sample
    @usableFromInline var output: ReferenceFrame<Sample>

    /// A pipeline with the quantised coefficients of `settings.filter`, or `coefficients`.
    public init(
        calibrations: [CalibrationTable], geometry: PadGeometry, settings: PipelineSettings,
        coefficients: ReferenceFilterCoefficients<Sample>? = nil
    ) {
        precondition(calibrations.count == geometry.cellCount && calibrations.count <= BoardDescription.maxCells)
        self.settings = settings
        self.geometry = geometry
        cellCount = calibrations.count
        self.calibrations = calibrations.map { ReferenceCalibration($0) }
        zeros = ReferenceCellValues(repeating: 0)
        spikes = ReferenceSpikeRejector(cellCount: cellCount)
        filters = ReferenceLowPassFilter(
            cellCount: cellCount, coefficients: coefficients ?? ReferenceFilterCoefficients(quantised: settings.filter))
        contacts = ReferenceContactAnalyzer(geometry: geometry)
        contactThreshold = Sample(settings.contactThreshold.milligrams)
        output = ReferenceFrame(cellCount: cellCount)
    }

    /// Sets the zero of `cell` (counts), e.g. to the one a fixed-point tare measured.
    public mutating func setZero(cell: Int, counts: Int32) {
        zeros[cell] = Sample(counts)
    }

    /// Restarts the filters from the next frame, as the fixed-point pipeline does when a tare
    /// sets the zeros.
    public mutating func restartFilters() {
        filters.restart()
    }

    /// Processes one raw frame and returns the resulting frame.
    @inlinable
    public mutating func process(_ raw: RawFrame) -> ReferenceFrame<Sample> {
        output.timeMicros = raw.timeMicros
        output.sequence = raw.sequence
        if raw.isStale { return output }

        // Through a span: indexing an InlineArray that is not a local variable copies the
        // whole array for every element in optimised builds.
        let counts = raw.counts.span
        var values = ReferenceCellValues<Sample>(repeating: 0)
        for cell in 0..<cellCount { values[cell] = Sample(counts[cell]) }
        if settings.spikeRejection { spikes.filter(&values) }

        var saturated = 0
        for cell in 0..<cellCount {
            let aboveZero = max(values[cell] - zeros[cell], 0)
            let calibrated = calibrations[cell].force(forCounts: aboveZero)
            values[cell] = calibrated.milligrams
            if calibrated.saturated { saturated += 1 }
        }
        filters.filter(&values)

        var total: Sample = 0
        for cell in 0..<cellCount { total += values[cell] }
        output.cellMilligrams = values
        output.totalMilligrams = total
        output.saturatedCells = saturated
        output.contacts = contacts.regions(values, threshold: contactThreshold)
        let centre = contacts.centroid(values, threshold: contactThreshold)
        output.centroidX = centre.x
        output.centroidY = centre.y
        return output
    }
}

extension ReferencePipeline: Sendable where Sample: Sendable {}
