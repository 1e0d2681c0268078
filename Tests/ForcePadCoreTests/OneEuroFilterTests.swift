import ForcePadCore
import ForcePadReference
import Testing

/// The one-euro filter in fixed point: with β = 0 it is exactly a one-pole at its cut-off at
/// rest; it lags a moving force far less than a one-pole that smooths as well at rest; it
/// settles exactly on a steady force; and the largest inputs and speeds neither trap nor
/// leave the input's range.
@Suite struct OneEuroFilterTests {
    static let sampleRateHz = 1000
    static let standard = FilterSettings.standard

    static func bank(_ settings: FilterSettings) -> CellFilterBank {
        CellFilterBank(cellCount: 1, coefficients: LowPassCoefficients(settings: settings, sampleRateHz: sampleRateHz))
    }

    static func run(_ settings: FilterSettings, _ inputs: [Int32]) -> [Int32] {
        var bank = bank(settings)
        var values = CellValues(repeating: 0)
        return inputs.map { input in
            values[0] = input
            bank.filter(&values)
            return values[0]
        }
    }

    /// A noisy press: 0 → 400 g at 1 g/ms, held, back to 0, with ±3 g of pseudo-random noise.
    static var noisyPress: [Int32] {
        var state: UInt64 = 0x1EE7
        return (0..<2_000).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Int32(truncatingIfNeeded: (state >> 33) % 6_001) - 3_000
            let ramp = index < 400 ? index : index < 1_400 ? 400 : max(0, 1_800 - index)
            return Int32(ramp) * 1_000 + noise
        }
    }

    @Test func withoutBetaItIsTheOnePoleAtItsCutoffAtRest() {
        var oneEuro = Self.standard
        oneEuro.betaMilliHertzPerGramPerSecond = 0
        let coefficients = LowPassCoefficients(settings: oneEuro, sampleRateHz: Self.sampleRateHz)
        var onePole = CellFilterBank(
            cellCount: 1, coefficients: LowPassCoefficients(kind: .onePole, alphaQ16: coefficients.alphaQ16, b0: 0, b1: 0, b2: 0, a1: 0, a2: 0))
        var values = CellValues(repeating: 0)
        let expected = Self.noisyPress.map { input in
            values[0] = input
            onePole.filter(&values)
            return values[0]
        }
        #expect(Self.run(oneEuro, Self.noisyPress) == expected)
    }

    @Test func itLagsAMovingForceLessThanAOnePoleThatSmoothsAsWellAtRest() {
        let ramp = (0..<600).map { Int32(min($0, 400)) * 1_000 }
        func firstFrame(reaching milligrams: Int32, _ outputs: [Int32]) -> Int { outputs.firstIndex { $0 >= milligrams }! }
        let oneEuro = firstFrame(reaching: 150_000, Self.run(Self.standard, ramp))
        var rest = Self.standard
        rest.kind = .onePole
        let onePoleAtRest = firstFrame(reaching: 150_000, Self.run(rest, ramp))
        let onePole30 = firstFrame(reaching: 150_000, Self.run(FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: true), ramp))
        // The ramp reaches 150 g at frame 150: the one-euro is within 3 frames of it.
        #expect(oneEuro - 150 <= 3, "one-euro reached 150 g at frame \(oneEuro)")
        #expect(oneEuro < onePole30 && onePole30 < onePoleAtRest, "one-euro \(oneEuro), one-pole 30 Hz \(onePole30), one-pole at rest \(onePoleAtRest)")
    }

    @Test func heldItSmoothsNoiseMoreThanTheOnePoleAt30Hz() {
        let held = Array(Self.noisyPress[600..<1_300])
        func spread(_ outputs: [Int32]) -> Int32 { outputs.dropFirst(200).max()! - outputs.dropFirst(200).min()! }
        let oneEuro = spread(Self.run(Self.standard, held))
        let onePole = spread(Self.run(FilterSettings(kind: .onePole, cutoffMilliHertz: 30_000, spikeRejection: true), held))
        // Noise moves the speed a little, and with it the cut-off: still a quarter less noise.
        #expect(oneEuro * 4 < onePole * 3, "peak-to-peak at rest: one-euro \(oneEuro) mg, one-pole 30 Hz \(onePole) mg")
    }

    @Test func aSteadyForceIsReachedExactlyAndHeld() {
        let outputs = Self.run(Self.standard, [0] + Array(repeating: 123_457, count: 20_000))
        #expect(outputs.suffix(10_000).allSatisfy { $0 == 123_457 })
    }

    @Test func theLargestInputsAndSpeedsStayInRange() {
        var fastest = Self.standard
        fastest.betaMilliHertzPerGramPerSecond = SettingsRules.betaRangeMilliHertzPerGramPerSecond.upperBound
        let limit = CellFilterBank.inputLimit
        let inputs = (0..<10_000).map { $0 % 2 == 0 ? Int32.max : Int32.min }
        for settings in [Self.standard, fastest] {
            #expect(Self.run(settings, inputs).allSatisfy { $0 >= -limit && $0 <= limit })
        }
    }

    @Test func theFloatReferenceFollowsTheFixedPointWithinAFewMilligrams() {
        let coefficients = LowPassCoefficients(settings: Self.standard, sampleRateHz: Self.sampleRateHz)
        var reference = ReferenceLowPassFilter<Double>(cellCount: 1, coefficients: ReferenceFilterCoefficients(quantised: coefficients))
        var values = ReferenceCellValues<Double>(repeating: 0)
        let fixed = Self.run(Self.standard, Self.noisyPress)
        var worst = 0.0
        for (input, output) in zip(Self.noisyPress, fixed) {
            values[0] = Double(input)
            reference.filter(&values)
            worst = max(worst, abs(values[0] - Double(output)))
        }
        // α is rounded down to Q16 once per frame from a speed rounded to Q16: a few mg on a 400 g press.
        #expect(worst <= 5, "worst difference \(worst) mg")
    }

    @Test func itsSettlingTimeIsWhatItsStepsTake() {
        let delay = FilterDelay(settings: Self.standard, sampleRateHz: Self.sampleRateHz)
        // The settling time counts one frame of spike rejection, which this bank does not have.
        let frames = Int(delay.settleMicros / 1_000) - 1
        for step: Int32 in [5_000, 50_000, 500_000, 5_000_000] {
            let outputs = Self.run(Self.standard, [0] + Array(repeating: step, count: 3_000))
            #expect(outputs[(frames + 1)...].allSatisfy { abs($0 - step) <= step / 1_000 }, "step \(step) mg")
        }
        #expect(frames > 5 && delay.settleMicros < Int64(2 + 8 * delay.frames) * 1_000, "\(delay.settleMicros) us")
    }
}
