import ForcePadCore
import ForcePadReference
import Glibc
import Testing

/// The fixed-point ``ForcePipeline`` against the same chain in Double (``ReferencePipeline``)
/// with the same calibration tables and the same quantised filter coefficients, on seeded
/// 8-cell traces at 1 kHz. Every cell stays within 1 mg (1 LSB) of the reference, so integer
/// arithmetic costs no accuracy anyone could feel; and stale frames leave no trace.
@Suite struct PipelineAccuracyTests {
    static let sampleRateHz = 1000
    static let cellCount = 8
    static let geometry = PadGeometry.strip(cells: cellCount)

    /// The `sim` board's curve (boards/sim.toml): an FSR with F0 = 150 g, counts = 4095·F/(F + F0).
    static let simCurve = curve(countsScale: 1)
    /// A less sensitive cell: the same forces at 90 % of the counts.
    static let lessSensitiveCurve = curve(countsScale: 0.9)
    /// Even cells on the sim curve, odd cells on the less sensitive one.
    static let calibrations = (0..<cellCount).map { $0 % 2 == 0 ? simCurve : lessSensitiveCurve }

    static func curve(countsScale: Double) -> CalibrationTable {
        let points: [(counts: Double, grams: Int32)] = [
            (0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500),
        ]
        return try! CalibrationTable(validating: points.map {
            CalibrationPoint(counts: Int32(($0.counts * countsScale).rounded()), force: .grams($0.grams))
        })
    }

    /// A low-pass `kind` at `hertz`, with spike rejection.
    static func filter(_ kind: FilterKind, hertz: Int64 = 30) -> FilterSettings {
        FilterSettings(kind: kind, cutoffMilliHertz: hertz * 1000, spikeRejection: true)
    }

    /// No filter, then one-pole and biquad at 5, 30 and 100 Hz.
    static let filters = [filter(.none)] + [FilterKind.onePole, .biquad].flatMap { kind in
        [Int64(5), 30, 100].map { filter(kind, hertz: $0) }
    }

    /// Spike rejection on, drift tracking off (the reference keeps its zeros fixed).
    static func settings(_ filter: FilterSettings) -> PipelineSettings {
        PipelineSettings(
            filter: LowPassCoefficients(settings: filter, sampleRateHz: sampleRateHz), spikeRejection: true,
            touch: .grams(20), contactThreshold: .grams(10), averageTouch: .grams(100),
            baselineShift: 0, tareFrames: 200, tareSpreadLimitCounts: 64)
    }

    /// The shapes a pad sees, 4 000 frames each.
    enum Trace: String, CaseIterable, Sendable {
        /// Every cell ramps 0 → 450 g → 0 over 4 s, each a little later than the one before.
        case slowRamps
        /// New random level per cell every 250 ms, 0–600 g (a quarter of them 0, some
        /// saturating).
        case steps
        /// 200 g ± 180 g per cell at 0.5–20 Hz.
        case sinusoids
        /// Idle, then a press sliding along the strip, with ±15 counts of noise and 1 % of
        /// single-frame spikes to full scale or zero.
        case noisyPress
    }

    static let frameCount = 4_000

    /// Force on `cell` at `frame` of `trace` (mg), before the converter; NaN when the cell
    /// keeps the level it had (between steps).
    static func milligrams(_ trace: Trace, frame: Int, cell: Int, random: inout TraceRandom) -> Double {
        let time = Double(frame) / Double(sampleRateHz)
        switch trace {
        case .slowRamps:
            let phase = max(time - 0.1 * Double(cell), 0) / 2
            return 450_000 * (phase < 1 ? phase : max(2 - phase, 0))
        case .steps:
            return frame % 250 == 0 ? random.uniform(in: -200_000...600_000) : .nan
        case .sinusoids:
            let hertz = [0.5, 1, 2, 4, 8, 12, 16, 20][cell]
            return 200_000 + 180_000 * sin(2 * Double.pi * hertz * time)
        case .noisyPress:
            guard frame >= 1_000 else { return 0 }
            let centre = 0.5 + 7 * Double(frame - 1_000) / Double(frameCount - 1_000)
            let distance = Double(cell) + 0.5 - centre
            return 300_000 * exp(-distance * distance)
        }
    }

    /// The raw frames of `trace`: force through each cell's inverse calibration, plus
    /// converter noise, clamped to the sim converter's 12-bit range.
    static func frames(_ trace: Trace) -> [RawFrame] {
        var random = TraceRandom(seed: 7 + UInt64(Trace.allCases.firstIndex(of: trace)!))
        var held = [Double](repeating: 0, count: cellCount)
        let noiseCounts: Int32 = trace == .noisyPress ? 15 : 2
        return (0..<frameCount).map { index in
            var raw = RawFrame(cellCount: cellCount)
            raw.timeMicros = Int64(index) * 1000
            raw.sequence = UInt64(index)
            for cell in 0..<cellCount {
                let force = milligrams(trace, frame: index, cell: cell, random: &random)
                if !force.isNaN { held[cell] = max(force, 0) }
                var counts = calibrations[cell].counts(forForce: Force(milligrams: Int32(held[cell].rounded())))
                counts += Int32(random.uniform(in: -Double(noiseCounts)...Double(noiseCounts)).rounded())
                if trace == .noisyPress && random.uniform(in: 0...1) < 0.01 {
                    counts = random.uniform(in: 0...1) < 0.5 ? 0 : 4095
                }
                raw.counts[cell] = min(max(counts, 0), 4095)
            }
            return raw
        }
    }

    /// Largest differences between a fixed-point run and the reference.
    struct Differences {
        var cellMilligrams = 0.0
        var totalMilligrams = 0.0
        var centroid = 0.0
        var contactMismatches = 0
        var saturationMismatches = 0
    }

    /// Runs both pipelines over `frames` and collects their largest differences.
    static func compare(_ frames: [RawFrame], fixed: inout ForcePipeline, reference: inout ReferencePipeline<Double>) -> Differences {
        var worst = Differences()
        let threshold = Double(reference.settings.contactThreshold.milligrams)
        for raw in frames {
            let fixedFrame = fixed.processed(raw)
            let referenceFrame = reference.process(raw)
            var nearThreshold = false
            var contactForce = 0.0
            for cell in 0..<cellCount {
                let expected = referenceFrame.cellMilligrams[cell]
                worst.cellMilligrams = max(worst.cellMilligrams, abs(Double(fixedFrame.cellMilligrams[cell]) - expected))
                if abs(expected - threshold) <= 1 { nearThreshold = true }
                if expected >= threshold { contactForce += expected }
            }
            worst.totalMilligrams = max(worst.totalMilligrams, abs(Double(fixedFrame.total.milligrams) - referenceFrame.totalMilligrams))
            if fixedFrame.saturatedCells != referenceFrame.saturatedCells { worst.saturationMismatches += 1 }
            // A cell within 1 mg of the contact threshold may fall on either side of it.
            guard !nearThreshold else { continue }
            if fixedFrame.contacts != referenceFrame.contacts { worst.contactMismatches += 1 }
            if contactForce > 0 {
                // Each cell may be 1 mg off, so the centroid may move by cellCount mg over the
                // force in contact, plus the Q16 rounding.
                let allowed = Double(cellCount) / contactForce + 1 / 65536
                let error = abs(Double(fixedFrame.centroid.x) / 65536 - referenceFrame.centroidX)
                worst.centroid = max(worst.centroid, error / allowed)
            }
        }
        return worst
    }

    static func expectWithinOneMilligram(_ worst: Differences, _ context: String, settings: PipelineSettings) {
        #expect(worst.cellMilligrams <= 1, "\(context): a cell is \(worst.cellMilligrams) mg from the reference")
        #expect(worst.totalMilligrams <= Double(cellCount), "\(context): the total is \(worst.totalMilligrams) mg from the reference")
        #expect(worst.centroid <= 1, "\(context): the centroid is \(worst.centroid)× the allowed error from the reference")
        #expect(worst.contactMismatches == 0, "\(context): \(worst.contactMismatches) frames count other contact regions")
        #expect(worst.saturationMismatches == 0, "\(context): \(worst.saturationMismatches) frames flag other saturated cells")
    }

    @Test("Every cell stays within 1 mg of the Double reference", arguments: Trace.allCases, filters)
    func fixedPointMatchesTheReference(trace: Trace, filter: FilterSettings) {
        let settings = Self.settings(filter)
        var fixed = ForcePipeline(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
        var reference = ReferencePipeline<Double>(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
        let worst = Self.compare(Self.frames(trace), fixed: &fixed, reference: &reference)
        Self.expectWithinOneMilligram(worst, "\(trace) through \(filter.kind) \(filter.cutoffMilliHertz / 1000) Hz", settings: settings)
    }

    @Test("A tared zero is subtracted as in the reference", arguments: [filter(.onePole), filter(.biquad)])
    func taredZeroMatchesTheReference(filter: FilterSettings) {
        let settings = Self.settings(filter)
        var fixed = ForcePipeline(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
        var reference = ReferencePipeline<Double>(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
        // Every cell rests at 40 + 5·cell counts ± 3 while the tare measures; both pipelines
        // see the same frames.
        let resting = { (cell: Int) in Int32(40 + 5 * cell) }
        var random = TraceRandom(seed: 11)
        var raw = RawFrame(cellCount: Self.cellCount)
        fixed.startTare()
        while case .measuring = fixed.tareOutcome {
            for cell in 0..<Self.cellCount {
                raw.counts[cell] = resting(cell) + Int32(random.uniform(in: -3...3).rounded())
            }
            _ = fixed.processed(raw)
            _ = reference.process(raw)
        }
        #expect(fixed.tareOutcome == .done)
        for cell in 0..<Self.cellCount {
            #expect(abs(fixed.zero(cell: cell).counts - resting(cell)) <= 1)
            reference.setZero(cell: cell, counts: fixed.zero(cell: cell).counts)
        }
        // The tare restarted the fixed-point filters; the reference does the same.
        reference.restartFilters()
        // The steps trace on top of the resting offsets.
        let frames = Self.frames(.steps).map { frame in
            var shifted = frame
            for cell in 0..<Self.cellCount { shifted.counts[cell] = min(frame.counts[cell] + resting(cell), 4095) }
            return shifted
        }
        let worst = Self.compare(frames, fixed: &fixed, reference: &reference)
        Self.expectWithinOneMilligram(worst, "tared steps through \(filter.kind) \(filter.cutoffMilliHertz / 1000) Hz", settings: settings)
    }

    @Test(
        "Stale frames interleaved in a trace leave the filtered output as if they were not there",
        arguments: [filter(.none), filter(.onePole), filter(.biquad)])
    func staleFramesLeaveTheTraceUnchanged(filter: FilterSettings) {
        let settings = Self.settings(filter)
        let fresh = Self.frames(.noisyPress)
        var random = TraceRandom(seed: 3)
        // After each fresh frame, 0–3 stale repeats of it (about one frame in two is stale).
        var interleaved: [RawFrame] = []
        for frame in fresh {
            interleaved.append(frame)
            for _ in 0..<Int(random.uniform(in: 0...3.99)) {
                var stale = frame
                stale.isStale = true
                stale.timeMicros += 250
                stale.sequence += 1_000_000
                interleaved.append(stale)
            }
        }
        var clean = ForcePipeline(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
        let expected = fresh.map { clean.processed($0) }
        var pipeline = ForcePipeline(calibrations: Self.calibrations, geometry: Self.geometry, settings: settings)
        var freshIndex = -1
        var mismatches = 0
        for raw in interleaved {
            let frame = pipeline.processed(raw)
            if !raw.isStale { freshIndex += 1 }
            let want = expected[freshIndex]
            let same = (0..<Self.cellCount).allSatisfy { frame.cellMilligrams[$0] == want.cellMilligrams[$0] }
                && frame.total == want.total && frame.centroid == want.centroid && frame.contacts == want.contacts
                && frame.saturatedCells == want.saturatedCells && frame.normalisedQ16 == want.normalisedQ16
            if !same { mismatches += 1 }
            #expect(frame.timeMicros == raw.timeMicros && frame.sequence == raw.sequence)
        }
        #expect(interleaved.count > fresh.count * 3 / 2)
        #expect(mismatches == 0, "\(mismatches) of \(interleaved.count) frames differ from the trace without stale frames")
    }

    /// SplitMix64: a small seeded generator so every trace is the same on every run.
    struct TraceRandom {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// Uniform in `range`.
        mutating func uniform(in range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
        }
    }
}
