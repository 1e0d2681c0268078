/// `calibrate sweep`: one cell's table fitted from a slow press on it, each reading of the
/// reference sensor paired with the frame nearest its time (counts above the zero). Only
/// the loading branch is fitted (each reading above every one before it): the pairs are
/// grouped around ``knotCount`` evenly spaced levels of counts, each group's mean force and
/// counts a knot, and
/// ``CalibrationFit`` makes the table. The residuals over every loading pair, and the
/// unloading branch's excess over the fitted table (the hysteresis), are measured.
public struct CalibrationSweep: Sendable {
    /// One frame: when (µs, loop time) and every cell's reading above its zero (Q0 counts).
    public struct Frame: Sendable {
        public var timeMicros: Int64
        public var counts: [Int32]

        public init(timeMicros: Int64, counts: [Int32]) {
            self.timeMicros = timeMicros
            self.counts = counts
        }
    }

    /// Why a sweep cannot make a table, in words an operator can act on.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Too few reference readings paired with a frame while the cell was pressed.
        case tooFewReadings(Int)
        /// The press loaded a second cell.
        case multiCell(cell: Int, other: Int, counts: Int32, otherCounts: Int32)
        /// The loading branch covered too small a range of force.
        case tooNarrow(cell: Int, lowest: Force, highest: Force, needed: Force)
        /// The reference did not rise with the cell's counts.
        case referenceDidNotMove(cell: Int, counts: Int32, span: Force)
        /// The loading branch's counts did not rise with the force.
        case fit(CalibrationFit.Problem)
        /// Reference readings came `gapMicros` apart while the cell was pressed, more than
        /// ``referenceGapPeriods`` of the reference's period.
        case referenceFellBehind(gapMicros: Int64, periodMicros: Int64)
        /// The loading branch's first reading is above the touch threshold: its start was lost.
        case startsTooHigh(cell: Int, first: Force, touch: Force)
        /// Two neighbouring readings of the loading branch lie more than a knot step apart.
        case gap(cell: Int, below: Force, belowCounts: Int32, above: Force, aboveCounts: Int32, stepCounts: Int32)

        public var description: String {
            switch self {
            case .tooFewReadings(let count):
                "only \(count) reference readings came while the pad was pressed; press slowly (over a few seconds) for longer, and check the reference answers (status)"
            case .multiCell(let cell, let other, let counts, let otherCounts):
                "the press loaded cells \(cell) and \(other) (\(counts) and \(otherCounts) counts); press on one cell only, at its centre"
            case .tooNarrow(let cell, let lowest, let highest, let needed):
                "cell \(cell): the press went only from \(lowest) to \(highest); sweep at least \(needed) (from a light touch up to past the pop threshold)"
            case .referenceDidNotMove(let cell, let counts, let span):
                "the reference moved only \(span) while cell \(cell) rose \(counts) counts; check the reference sensor sits under the pad and is tared"
            case .fit(let problem):
                "\(problem.description) (sweep again, slowly)"
            case .referenceFellBehind(let gap, let period):
                "the reference's readings came up to \(QuantityText.duration(gap)) apart while the cell was pressed (it reads every \(QuantityText.duration(period))): the reference or the shell fell behind on a busy machine; sweep again when it is quieter (status shows missed periods)"
            case .startsTooHigh(let cell, let first, let touch):
                "cell \(cell): the loading branch starts at \(first), above the touch threshold (\(touch)): the start of the press was missed; start the sweep before pressing (a trace for sim play: begin it with a second at 0 g)"
            case .gap(let cell, let below, let belowCounts, let above, let aboveCounts, let step):
                "cell \(cell): the loading branch has no reading between \(below) (\(belowCounts) counts) and \(above) (\(aboveCounts) counts), more than one knot step (\(step) counts): readings were missed; sweep again, slowly (on a quieter machine if status shows missed periods)"
            }
        }
    }

    public let cell: Int
    /// The knots the table was fitted from, lightest first.
    public let knots: [CalibrationMeasurement]
    public let fit: CalibrationFit
    /// Loading and unloading pairs used.
    public let loadingPairs: Int
    public let unloadingPairs: Int
    /// Root mean square and largest |fitted − reference| over the loading pairs (mg).
    public let residualRms: Force
    public let maxResidual: Force
    /// Largest excess of the fitted force over the reference on the unloading branch (mg):
    /// how much heavier the cell reads coming down than going up; nil without unloading pairs.
    public let hysteresis: Force?

    /// Levels of counts the loading branch is grouped around (one knot each).
    public static let knotCount = 12
    /// Least rise of the reference a sweep must cover.
    public static let leastSpan = Force.grams(100)
    /// Least counts above zero that count as a cell being pressed (above a converter's
    /// noise, e.g. ±8 counts for ±0.3 g on the sim board's steepest segment).
    public static let pressedCounts: Int32 = 40

    /// Longest gap between two reference readings while the cell is pressed, in periods of
    /// the reference, before the sweep is refused.
    public static let referenceGapPeriods: Int64 = 6

    /// Fits `cell` (nil: the cell that read most) from `frames` and the reference readings,
    /// taken every `referencePeriodMicros` (µs). Refused, besides the problems above, when the
    /// readings fell behind, when the loading branch starts above `touch` (the touch
    /// threshold) or has a hole wider than a knot step.
    public init(
        cell named: Int?, frames: [Frame], references: [(timeMicros: Int64, force: Force)], touch: Force, referencePeriodMicros: Int64
    ) throws(Problem) {
        guard let first = frames.first else { throw .tooFewReadings(0) }
        let cells = first.counts.count
        var highestCounts = [Int32](repeating: 0, count: cells)
        for frame in frames {
            for index in 0..<cells { highestCounts[index] = max(highestCounts[index], frame.counts[index]) }
        }
        let cell = named ?? highestCounts.indices.max { highestCounts[$0] < highestCounts[$1] } ?? 0
        // Pair each reading with the frame nearest its time (frames are in time order).
        var pairs: [(force: Int64, counts: Int32)] = []
        var pairTimes: [Int64] = []
        var index = 0
        for reading in references {
            while index + 1 < frames.count, abs(frames[index + 1].timeMicros - reading.timeMicros) <= abs(frames[index].timeMicros - reading.timeMicros) {
                index += 1
            }
            let frame = frames[index]
            guard abs(frame.timeMicros - reading.timeMicros) <= 2_000, frame.counts[cell] >= Self.pressedCounts else { continue }
            for other in 0..<cells where other != cell {
                let otherCounts = frame.counts[other]
                guard otherCounts >= Self.pressedCounts, Int64(otherCounts) * 10 > Int64(frame.counts[cell]) else { continue }
                throw .multiCell(cell: cell, other: other, counts: frame.counts[cell], otherCounts: otherCounts)
            }
            pairs.append((Int64(reading.force.milligrams), frame.counts[cell]))
            pairTimes.append(reading.timeMicros)
        }
        guard pairs.count >= 2 * Self.knotCount else { throw .tooFewReadings(pairs.count) }
        // Loading branch: each reading above all before it; unloading: after the peak.
        var loading: [(force: Int64, counts: Int32)] = []
        var highest = Int64.min
        let peakIndex = pairs.indices.max { pairs[$0].force < pairs[$1].force } ?? 0
        for pair in pairs[...peakIndex] where pair.force > highest {
            loading.append(pair)
            highest = pair.force
        }
        let unloading = Array(pairs[(peakIndex + 1)...])
        let lowest = loading.first?.force ?? 0
        let countsRise = (loading.last?.counts ?? 0) - (loading.first?.counts ?? 0)
        if highest - lowest < Int64(Self.leastSpan.milligrams) {
            if countsRise > 2 * Self.pressedCounts, highest - lowest < Int64(Self.leastSpan.milligrams) / 10 {
                throw .referenceDidNotMove(cell: cell, counts: countsRise, span: Force(milligrams: Int32(clamping: highest - lowest)))
            }
            throw .tooNarrow(
                cell: cell, lowest: Force(milligrams: Int32(clamping: lowest)), highest: Force(milligrams: Int32(clamping: highest)),
                needed: Self.leastSpan)
        }
        guard loading.count >= Self.knotCount else { throw .tooFewReadings(loading.count) }
        if let pressed = pairTimes.first, let released = pairTimes.last {
            let during = references.map(\.timeMicros).filter { $0 >= pressed && $0 <= released }
            let widest = zip(during, during.dropFirst()).map { $1 - $0 }.max() ?? 0
            if widest > Self.referenceGapPeriods * referencePeriodMicros {
                throw .referenceFellBehind(gapMicros: widest, periodMicros: referencePeriodMicros)
            }
        }
        if lowest > Int64(touch.milligrams) {
            throw .startsTooHigh(cell: cell, first: Force(milligrams: Int32(clamping: lowest)), touch: touch)
        }
        // Knots at evenly spaced levels of counts up to the highest (an FSR's curve bends most
        // at light forces, where equal steps of counts are short in force): each knot is the
        // mean force and counts of the pairs within a quarter step of its level.
        var knots: [CalibrationMeasurement] = []
        let lowestCounts = Int64(loading.map(\.counts).min() ?? 0)
        let step = max((Int64(loading.map(\.counts).max() ?? 0) - lowestCounts) / Int64(Self.knotCount), 4)
        var below = loading[0]
        for pair in loading.dropFirst() {
            if Int64(pair.counts) - Int64(below.counts) > step {
                throw .gap(
                    cell: cell, below: Force(milligrams: Int32(clamping: below.force)), belowCounts: below.counts,
                    above: Force(milligrams: Int32(clamping: pair.force)), aboveCounts: pair.counts, stepCounts: Int32(step))
            }
            if pair.counts > below.counts { below = pair }
        }
        for level in 1...Self.knotCount {
            let centre = lowestCounts + Int64(level) * step
            let members = loading.filter { abs(Int64($0.counts) - centre) <= step / 4 }
            guard !members.isEmpty else { continue }
            let force = members.reduce(Int64(0)) { $0 + $1.force } / Int64(members.count)
            let counts = members.reduce(Int64(0)) { $0 + Int64($1.counts) } / Int64(members.count)
            knots.append(CalibrationMeasurement(cell: cell, force: Force(milligrams: Int32(clamping: force)), counts: Int32(counts)))
        }
        let fit: CalibrationFit
        do throws(CalibrationFit.Problem) {
            fit = try CalibrationFit(cell: cell, measurements: knots)
        } catch {
            throw .fit(error)
        }
        func excess(_ pair: (force: Int64, counts: Int32)) -> Int64 { Int64(fit.table.force(forCounts: pair.counts).force.milligrams) - pair.force }
        let residuals = loading.map(excess)
        let squares = residuals.reduce(0.0) { $0 + Double($1) * Double($1) }
        self.cell = cell
        self.knots = knots
        self.fit = fit
        loadingPairs = loading.count
        unloadingPairs = unloading.count
        residualRms = Force(milligrams: Int32((squares / Double(residuals.count)).squareRoot().rounded()))
        maxResidual = Force(milligrams: Int32(clamping: residuals.map { abs($0) }.max() ?? 0))
        hysteresis = unloading.isEmpty ? nil : Force(milligrams: Int32(clamping: unloading.map(excess).max() ?? 0))
    }
}
