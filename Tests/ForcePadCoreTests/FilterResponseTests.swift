import ForcePadCore
import ForcePadReference
import Glibc
import Testing

/// The fixed-point low-pass filters (``CellFilterBank``) as filters, at 1 kHz: they settle on
/// a constant input and stay there over 10^6 samples (no drift, no limit cycle), a long noisy
/// run tracks the Double reference without wandering, and the step response has the shape
/// and the delay the design promises.
@Suite struct FilterResponseTests {
    static let sampleRateHz = 1000

    /// One-pole and biquad at a slow, the default and a fast cut-off (Hz).
    static let designs: [FilterSettings] = [FilterKind.onePole, .biquad].flatMap { kind in
        [Int64(5), 30, 100].map { FilterSettings(kind: kind, cutoffMilliHertz: $0 * 1000, spikeRejection: false) }
    }

    /// Both filters at 1 Hz and at 0.1 Hz, the lowest cut-off the config file and the `filter`
    /// command accept.
    static let lowCutoffDesigns: [FilterSettings] = [FilterKind.onePole, .biquad].flatMap { kind in
        [Int64(1_000), 100].map { FilterSettings(kind: kind, cutoffMilliHertz: $0, spikeRejection: false) }
    }

    static func coefficients(_ settings: FilterSettings) -> LowPassCoefficients {
        LowPassCoefficients(settings: settings, sampleRateHz: sampleRateHz)
    }

    /// A one-cell filter bank that has seen its first sample (`start`, mg), so the next
    /// sample is filtered rather than used to set the state.
    static func primedBank(_ settings: FilterSettings, start: Int32 = 0) -> CellFilterBank {
        var bank = CellFilterBank(cellCount: 1, coefficients: coefficients(settings))
        _ = filter(&bank, start)
        return bank
    }

    /// Filters one sample (mg) through a one-cell bank.
    static func filter(_ bank: inout CellFilterBank, _ milligrams: Int32) -> Int32 {
        var values = CellValues(repeating: 0)
        values[0] = milligrams
        bank.filter(&values)
        return values[0]
    }

    /// Samples left to settle after a step before outputs are checked: at least 40 group
    /// delays (a 400 g step has then decayed below 1 mg).
    static func settlingSamples(_ design: FilterSettings) -> Int {
        max(5_000, Int(40 * coefficients(design).groupDelayFrames))
    }

    @Test(
        "A constant input gives a constant output within 1 mg of it, over 10^6 samples",
        arguments: designs + lowCutoffDesigns)
    func constantInputSettlesOnTheInputAndStays(design: FilterSettings) {
        var bank = Self.primedBank(design)
        let settling = Self.settlingSamples(design)
        // A press of 123.457 g held for 500 000 samples, then released for 500 000 samples.
        for level: Int32 in [123_457, 0] {
            var lowest = Int32.max, highest = Int32.min
            for sample in 0..<500_000 {
                let output = Self.filter(&bank, level)
                if sample >= settling {
                    lowest = min(lowest, output)
                    highest = max(highest, output)
                }
            }
            #expect(lowest == highest, "output wanders over \(lowest)...\(highest) mg on a constant \(level) mg")
            #expect(abs(highest - level) <= 1, "settled at \(highest) mg on a constant \(level) mg")
        }
    }

    @Test("Over 10^6 noisy samples the filter stays within 1 mg of the Double reference, with no bias", arguments: designs)
    func longNoisyRunDoesNotWander(design: FilterSettings) {
        let coefficients = Self.coefficients(design)
        var bank = Self.primedBank(design, start: 200_000)
        var reference = ReferenceLowPassFilter<Double>(cellCount: 1, coefficients: ReferenceFilterCoefficients(quantised: coefficients))
        var referenceValue = ReferenceCellValues<Double>(repeating: 200_000)
        reference.filter(&referenceValue)
        var random: UInt64 = 0x5EED
        let settling = Self.settlingSamples(design)
        var worst = 0.0, sum = 0.0, compared = 0
        for sample in 0..<1_000_000 {
            // 200 g ± 100 g swinging at 0.3 Hz, plus ±10 g of uniform noise.
            random &+= 0x9E37_79B9_7F4A_7C15
            let noise = Int32(truncatingIfNeeded: (random >> 33) % 20_001) - 10_000
            let input = 200_000 + Int32(100_000 * sin(2 * Double.pi * 0.3 * Double(sample) / 1000)) + noise
            let output = Self.filter(&bank, input)
            referenceValue[0] = Double(input)
            reference.filter(&referenceValue)
            guard sample >= settling else { continue }
            let error = Double(output) - referenceValue[0]
            worst = max(worst, abs(error))
            sum += error
            compared += 1
        }
        #expect(worst <= 1, "largest error \(worst) mg")
        #expect(abs(sum / Double(compared)) <= 0.05, "mean error \(sum / Double(compared)) mg")
    }

    /// Step response of a primed one-cell bank to a step from 0 to `height` mg: the output
    /// from the first sample of the step on.
    static func stepResponse(_ design: FilterSettings, height: Int32, samples: Int) -> [Int32] {
        var bank = primedBank(design)
        return (0..<samples).map { _ in filter(&bank, height) }
    }

    /// DC group delay in frames measured from a step response: the centroid of the impulse
    /// response, Σn·h[n] = Σ(1 − s[n]) for a unit step response s.
    static func measuredDelayFrames(_ response: [Int32], height: Int32) -> Double {
        response.reduce(0) { $0 + (1 - Double($1) / Double(height)) }
    }

    @Test("The measured delay is the configured group delay and the design's", arguments: designs)
    func stepDelayMatchesTheDesign(design: FilterSettings) {
        let height: Int32 = 8_000_000
        let measured = Self.measuredDelayFrames(Self.stepResponse(design, height: height, samples: 20_000), height: height)
        let configured = Self.coefficients(design).groupDelayFrames
        #expect(abs(measured - configured) <= 0.02, "measured \(measured) frames, configured \(configured)")

        let ideal = ReferenceFilterCoefficients<Double>(ideal: design, sampleRateHz: Self.sampleRateHz)
        let rate = Double(Self.sampleRateHz), cutoff = Double(design.cutoffMilliHertz) / 1000
        switch design.kind {
        case .onePole:
            // (1 − α)/α with the unquantised α; Q16 rounding of α moves it by well under 0.1 %.
            let designed = Double(1 - ideal.alpha) / Double(ideal.alpha)
            #expect(abs(measured / designed - 1) <= 0.001, "measured \(measured) frames, designed \(designed)")
        case .biquad:
            // The pre-warped bilinear Butterworth delays DC by √2/(2·tan(π·fc/fs)) frames, which
            // tends to the analogue filter's √2/(2π·fc) s as fc/fs → 0 (3.4 % less at fs/10).
            let bilinear = 2.0.squareRoot() / (2 * tan(Double.pi * cutoff / rate))
            let analogue = 2.0.squareRoot() / (2 * Double.pi * cutoff) * rate
            #expect(abs(ideal.groupDelayFrames / bilinear - 1) <= 1e-9)
            #expect(abs(measured / bilinear - 1) <= 0.001, "measured \(measured) frames, bilinear design \(bilinear)")
            #expect(abs(measured / analogue - 1) <= 0.04, "measured \(measured) frames, analogue design \(analogue)")
        case .none, .oneEuro:
            Issue.record("no linear filter to measure")
        }
    }

    @Test("A step: the one-pole never overshoots, the biquad overshoots like the Butterworth design", arguments: designs)
    func stepResponseHasTheDesignedShape(design: FilterSettings) {
        let height: Int32 = 400_000
        let response = Self.stepResponse(design, height: height, samples: 5_000)
        switch design.kind {
        case .onePole:
            #expect(zip(response, response.dropFirst()).allSatisfy { $0 <= $1 }, "not monotonic")
            #expect(response.max()! == height)
        case .biquad:
            var ideal = ReferenceLowPassFilter<Double>(
                cellCount: 1, coefficients: ReferenceFilterCoefficients(ideal: design, sampleRateHz: Self.sampleRateHz))
            var value = ReferenceCellValues<Double>(repeating: 0)
            ideal.filter(&value)
            var idealPeak = 0.0
            for _ in 0..<5_000 {
                value[0] = Double(height)
                ideal.filter(&value)
                idealPeak = max(idealPeak, value[0])
            }
            let overshoot = Double(response.max()! - height) / Double(height)
            let idealOvershoot = idealPeak / Double(height) - 1
            #expect(abs(overshoot - idealOvershoot) <= 0.000_1, "overshoot \(overshoot * 100) %, design \(idealOvershoot * 100) %")
            // Damping 1/√2 overshoots by exp(−π) = 4.32 % in the analogue filter; frequency
            // warping adds to it as fc nears fs/10 (5.0 % at 100 Hz).
            let analogue = exp(-Double.pi)
            #expect(overshoot >= analogue - 0.000_5 && overshoot <= 0.051, "overshoot \(overshoot * 100) %")
        case .none, .oneEuro:
            Issue.record("no linear filter to measure")
        }
    }

    @Test(
        "Through the whole pipeline the delay is the filter's plus one frame of spike rejection, as in the ideal design",
        arguments: [FilterKind.onePole, .biquad])
    func pipelineDelayIsFilterDelayPlusSpikeRejection(kind: FilterKind) {
        // 1 count = 100 mg, so a 30 000-count step is 3 kg: fine resolution for the sum.
        let table = try! CalibrationTable(validating: [
            CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 40_000, force: .grams(4_000)),
        ])
        let design = FilterSettings(kind: kind, cutoffMilliHertz: 30_000, spikeRejection: true)
        let settings = PipelineSettings(
            filter: LowPassCoefficients(settings: design, sampleRateHz: Self.sampleRateHz),
            spikeRejection: true, touch: .grams(20), contactThreshold: .grams(10), averageTouch: .grams(100),
            baselineShift: 0, tareFrames: 8, tareSpreadLimitCounts: 64)
        var pipeline = ForcePipeline(calibrations: [table], geometry: .strip(cells: 1), settings: settings)
        var ideal = ReferencePipeline<Double>(
            calibrations: [table], geometry: .strip(cells: 1), settings: settings,
            coefficients: ReferenceFilterCoefficients(ideal: design, sampleRateHz: Self.sampleRateHz))
        var raw = RawFrame(cellCount: 1)
        for _ in 0..<10 {
            _ = pipeline.processed(raw)
            _ = ideal.process(raw)
        }
        raw.counts[0] = 30_000
        let height = Int32(3_000_000)
        var response: [Int32] = [], idealDelay = 0.0
        for _ in 0..<20_000 {
            response.append(pipeline.processed(raw).total.milligrams)
            idealDelay += 1 - ideal.process(raw).totalMilligrams / Double(height)
        }
        let measured = Self.measuredDelayFrames(response, height: height)
        let expected = settings.filter.groupDelayFrames + Double(settings.spikeDelayFrames)
        #expect(settings.spikeDelayFrames == 1)
        #expect(abs(measured - expected) <= 0.02, "measured \(measured) frames, expected \(expected)")
        #expect(abs(measured / idealDelay - 1) <= 0.001, "measured \(measured) frames, ideal design \(idealDelay)")
    }
}
