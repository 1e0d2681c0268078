import ForcePadCore

/// The `sim` board's converter: a pad pressed by `sim` commands, read through the inverse
/// of the board's calibration (`model = "ideal"`) or through FSRs with their own physics
/// (`model = "physical"`, ``SimulatedFSR``), so the real pipeline runs on its counts.
///
/// Force moves linearly from where it is to the target over the rise time. The total is
/// shared between neighbouring cells by a triangular kernel one cell pitch wide around the
/// press position (so a centroid recovers the position), then uniform noise of ±`noise`
/// is added per cell. Each frame publishes the true total to ``truth`` for the simulated
/// reference sensor. `read` is integer-only and allocation-free.
public struct SimulatedPad: FrameSource {
    public let cellCount: Int
    private let geometry: PadGeometry
    private let calibration: CalibrationTable
    private let fullScaleCounts: Int32
    /// Half the range of the uniform noise added per cell (mg, ≥ 0).
    private let noiseMilligrams: Int64
    private let riseMicros: Int64
    private var random: SplitMix64
    /// The cells' physics; nil with the ideal model.
    private var fsr: SimulatedFSR?
    /// Whether ``fsr`` is set (the physical model), asked per cell: comparing the optional
    /// itself with nil copied all of it (1,800 bytes) every frame.
    private let physical: Bool
    /// Where each frame's true total force goes (the simulated reference sensor reads it).
    public let truth: SimulatedForceTruth
    /// The simulated stand's plunger on the pad, when the board has a stand; its force adds to the finger's.
    private let standContact: SimulatedStandContact?

    /// Where the finger moves from and to over the current ramp (a press at a new place
    /// while pressed slides there, as a finger would, rather than jumping).
    private var positionStart = PadPosition.center
    private var positionTarget = PadPosition.center
    /// How long the current slide takes (µs): a finger moves at most ``slideSpeedQ16PerSecond``.
    private var slideMicros: Int64 = 0

    /// Each cell's share of the total (Q16, ``weightQ16(cell:geometry:position:)``) with the
    /// finger at ``weightsPosition``: worked out again only when the finger has moved, not
    /// for every cell of every frame.
    private var weightsQ16 = CellValues(repeating: 0)
    /// Where the finger was when ``weightsQ16`` were worked out; before the first frame a
    /// place no finger reaches (positions are 0…65536), so that the first frame works them out.
    private var weightsPosition = PadPosition(x: .min, y: .min)
    /// Each cell's segment of the calibration (the index of its upper point) at its last
    /// reading with the ideal model, where the next reading's inverse starts looking
    /// (``CalibrationTable/counts(forForce:nearSegment:)``): a cell's force moves little from
    /// one frame to the next, so it is found in a step or two, not a walk along the table.
    private var segments = CellValues(repeating: 1)

    /// Fastest a simulated finger slides: two pad widths per second, Q16.
    static let slideSpeedQ16PerSecond: Int64 = 2 << 16
    private var rampStartMicros: Int64 = 0
    private var rampStartForce: Int64 = 0
    private var rampTargetForce: Int64 = 0
    /// When the current press starts ramping down by itself (Int64.max: held until released).
    private var releaseAtMicros: Int64 = .max
    /// The trace being played, when it started, and the row reached.
    private var playing: TraceView?
    private var playStartMicros: Int64 = 0
    private var playRow = 0

    /// `fsrParameters` are the physics of the cells when `simulation.model` is physical.
    public init(
        board: BoardDescription, simulation: SimulationSettings, truth: SimulatedForceTruth = SimulatedForceTruth(),
        fsrParameters: SimulatedFSRParameters = .standard, standContact: SimulatedStandContact? = nil
    ) {
        self.standContact = standContact
        cellCount = board.geometry.cellCount
        precondition(
            (0...BoardDescription.maxCells).contains(cellCount), "a simulated pad has at most \(BoardDescription.maxCells) cells")
        geometry = board.geometry
        calibration = board.calibration
        fullScaleCounts = ADCModel.sim.fullScaleCounts
        noiseMilligrams = Int64(max(simulation.noise.milligrams, 0))
        riseMicros = simulation.riseMicros
        random = SplitMix64(seed: simulation.seed)
        self.truth = truth
        physical = simulation.model == .physical
        switch simulation.model {
        case .ideal:
            fsr = nil
        case .physical:
            fsr = SimulatedFSR(
                cellCount: cellCount, calibration: board.calibration, fullScaleCounts: fullScaleCounts,
                seed: simulation.seed, parameters: fsrParameters)
        }
    }

    /// Each cell's sensitivity under the physical model (Q16, 65536 = as the board's
    /// calibration); empty with the ideal model.
    public var cellSensitivitiesQ16: [Int64] { fsr?.sensitivitiesQ16 ?? [] }

    /// Total force on the pad at `timeMicros`, before noise (milligrams): the finger's and the stand's plunger's.
    public func totalForce(at timeMicros: Int64) -> Force {
        Force(milligrams: Int32(clamping: forceMilligrams(at: timeMicros) + plungerMilligrams))
    }

    /// What the simulated stand's plunger presses with now (mg); 0 without a stand.
    @inline(__always)
    private var plungerMilligrams: Int64 { Int64(standContact?.force.milligrams ?? 0) }

    public mutating func apply(_ command: SimulationCommand, at timeMicros: Int64) -> Bool {
        let current = forceMilligrams(at: timeMicros)
        playing = nil
        switch command {
        case .play(let trace):
            playing = trace
            playStartMicros = timeMicros
            playRow = 0
            startRamp(from: 0, to: 0, at: timeMicros)
            releaseAtMicros = .max
        case .press(let force, let newPosition, let holdMicros):
            positionStart = current > 0 ? position(at: timeMicros) : newPosition
            positionTarget = newPosition
            let distance = max(abs(Int64(newPosition.x) - Int64(positionStart.x)), abs(Int64(newPosition.y) - Int64(positionStart.y)))
            slideMicros = distance * 1_000_000 / Self.slideSpeedQ16PerSecond
            startRamp(from: current, to: Int64(force.milligrams), at: timeMicros)
            releaseAtMicros = holdMicros > 0 ? timeMicros + riseMicros + holdMicros : .max
        case .release:
            holdPosition(at: timeMicros)
            startRamp(from: current, to: 0, at: timeMicros)
            releaseAtMicros = .max
        }
        return true
    }

    public mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError) {
        if let trace = playing {
            let elapsed = timeMicros - playStartMicros
            if elapsed <= trace.durationMicros {
                playRow = trace.row(atElapsedMicros: elapsed, from: playRow)
                readTrace(trace, row: playRow, into: &frame, at: timeMicros)
                return
            }
            playing = nil
        }
        if timeMicros >= releaseAtMicros {
            holdPosition(at: timeMicros)
            startRamp(from: forceMilligrams(at: timeMicros), to: 0, at: timeMicros)
            releaseAtMicros = .max
        }
        // Wrapping: two Int32 forces.
        let total = forceMilligrams(at: timeMicros) &+ plungerMilligrams
        let finger = position(at: timeMicros)
        if finger != weightsPosition {
            for cell in 0..<cellCount { weightsQ16[cell] = Self.weightQ16(cell: cell, geometry: geometry, position: finger) }
            weightsPosition = finger
        }
        // The model and whether there is noise are decided once a frame, not once a cell.
        if physical {
            for cell in 0..<cellCount {
                frame.counts[unchecked: cell] = fsr!.counts(cell: cell, force: cellMilligrams(cell, total), noise: noise(), at: timeMicros)
            }
        } else if noiseMilligrams > 0 {
            readIdeal(total, into: &frame, noisy: true)
        } else {
            readIdeal(total, into: &frame, noisy: false)
        }
        truth.publish(Force(milligrams: Int32(clamping: total)), atMicros: timeMicros)
        frame.isStale = false
    }

    /// The ideal model's cells with `total` (mg) on the pad, with noise or without: called with
    /// a constant, each call is a loop of its own.
    @inline(__always)
    private mutating func readIdeal(_ total: Int64, into frame: inout RawFrame, noisy: Bool) {
        for cell in 0..<cellCount {
            let milligrams = cellMilligrams(cell, total)
            frame.counts[unchecked: cell] = idealCounts(cell: cell, noisy ? milligrams &+ noise() : milligrams)
        }
    }

    /// `cell`'s share of `total` (mg), before noise. Unchecked: the total lies between two
    /// Int32 forces (|total| < 2^31) and a weight in 0…65536, so the product stays below 2^47;
    /// `cell` < cellCount ≤ 256 (``BoardDescription/maxCells``, proven in `init`), the
    /// arrays' size. `mutating` though it only reads, as ``position(at:)``.
    @inline(__always)
    private mutating func cellMilligrams(_ cell: Int, _ total: Int64) -> Int64 {
        (total &* Int64(weightsQ16[unchecked: cell])) &>> 16
    }

    /// Plays one row of a trace. A trace of grams publishes its total as the truth; one of
    /// raw counts has no known force and publishes nothing.
    private mutating func readTrace(_ trace: TraceView, row: Int, into frame: inout RawFrame, at timeMicros: Int64) {
        var total: Int64 = 0
        for cell in 0..<cellCount {
            let value = trace.value(row: row, cell: cell)
            switch trace.kind {
            case .rawCounts:
                frame.counts[cell] = min(value, fullScaleCounts)
            case .grams:
                frame.counts[cell] =
                    physical
                    ? fsr!.counts(cell: cell, force: Int64(value), noise: noise(), at: timeMicros)
                    : idealCounts(cell: cell, Int64(value) &+ noise())
                total += Int64(value)
            }
        }
        if trace.kind == .grams { truth.publish(Force(milligrams: Int32(clamping: total)), atMicros: timeMicros) }
        frame.isStale = false
    }

    /// The next draw of the uniform noise (mg): −``noiseMilligrams``…``noiseMilligrams``, or 0
    /// without noise. Unchecked arithmetic: the noise is an Int32 force, so the draw (below
    /// 2 · noise + 1 < 2^33) less it fits easily. The range is worked out as `2n | 1` rather
    /// than read from a stored value: odd, it is never 0, so the remainder needs no check for
    /// a zero divisor (two instructions a cell).
    @inline(__always)
    private mutating func noise() -> Int64 {
        guard noiseMilligrams > 0 else { return 0 }
        let span = UInt64(bitPattern: noiseMilligrams &<< 1) | 1
        return Int64(bitPattern: random.next() % span) &- noiseMilligrams
    }

    /// The counts `cell` reads with the ideal model with `milligrams` (noise included,
    /// |milligrams| < 2^48) on it: the calibration's inverse.
    @inline(__always)
    private mutating func idealCounts(cell: Int, _ milligrams: Int64) -> Int32 {
        let clamped = Int32(clamping: max(milligrams, 0))
        let inverse = calibration.counts(forForce: Force(milligrams: clamped), nearSegment: Int(segments[unchecked: cell]))
        // `cell` < cellCount ≤ 256. Any start gives the same answer, so a (never seen) table of
        // more than Int32.max points would only start its next search elsewhere.
        segments[unchecked: cell] = Int32(truncatingIfNeeded: inverse.segment)
        return min(inverse.counts, fullScaleCounts)
    }

    private mutating func startRamp(from start: Int64, to target: Int64, at timeMicros: Int64) {
        rampStartMicros = timeMicros
        rampStartForce = start
        rampTargetForce = target
    }

    /// Stops any slide where the finger is now (before a new ramp restarts the clock).
    private mutating func holdPosition(at timeMicros: Int64) {
        let here = position(at: timeMicros)
        positionStart = here
        positionTarget = here
        slideMicros = 0
    }

    /// Where the finger is at `timeMicros`: sliding linearly from where it was to the target.
    /// Inlined, as ``forceMilligrams(at:)`` is: called out of line from ``read(into:at:)``,
    /// each took a copy of the whole pad (1,800 bytes) every frame. It only reads; it is
    /// `mutating` because even inlined, a non-mutating call from `read` still copied the pad.
    @inline(__always)
    private mutating func position(at timeMicros: Int64) -> PadPosition {
        let elapsed = timeMicros - rampStartMicros
        if slideMicros <= 0 || elapsed >= slideMicros { return positionTarget }
        if elapsed <= 0 { return positionStart }
        func between(_ a: Int32, _ b: Int32) -> Int32 { Int32(Int64(a) + (Int64(b) - Int64(a)) * elapsed / slideMicros) }
        return PadPosition(x: between(positionStart.x, positionTarget.x), y: between(positionStart.y, positionTarget.y))
    }

    /// Wrapping subtraction: loop times are never negative, so the elapsed time never wraps.
    @inline(__always)
    private func forceMilligrams(at timeMicros: Int64) -> Int64 {
        let elapsed = timeMicros &- rampStartMicros
        if riseMicros <= 0 || elapsed >= riseMicros { return rampTargetForce }
        if elapsed <= 0 { return rampStartForce }
        return rampStartForce + (rampTargetForce - rampStartForce) * elapsed / riseMicros
    }

    /// Share of the total force on `cell` of a `geometry` pad with the finger at `position`,
    /// Q16 (weights of all cells sum to 65536).
    static func weightQ16(cell: Int, geometry: PadGeometry, position: PadPosition) -> Int32 {
        switch geometry {
        case .strip(let cells):
            return Self.kernelQ16(index: cell, count: cells, at: position.x)
        case .grid(let rows, let columns):
            let row = Self.kernelQ16(index: cell / columns, count: rows, at: position.y)
            let column = Self.kernelQ16(index: cell % columns, count: columns, at: position.x)
            return Int32((Int64(row) * Int64(column)) >> 16)
        }
    }

    /// Triangular weight (Q16) of cell `index` of `count` for a press at Q16 fraction `at`.
    /// The press point is kept between the first and last cell centres so weights sum to 1.
    static func kernelQ16(index: Int, count: Int, at fraction: Int32) -> Int32 {
        if count == 1 { return PadPosition.one }
        let one = Int64(PadPosition.one)
        // Work in units of cell pitches, Q16: cell k's centre sits at k + 0.5.
        let halfPitch = one / 2
        let point = min(max(Int64(fraction) * Int64(count), halfPitch), Int64(count) * one - halfPitch)
        let centre = Int64(index) * one + halfPitch
        let distance = abs(point - centre)
        return Int32(max(one - distance, 0))
    }
}
