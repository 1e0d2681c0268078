import ForcePadCore
import ForcePadHAL
import Testing

/// The detection corpus and its scorer: the corpus is the same for the same seed; an ideal pad
/// (no FSR physics, no noise, no filter, no dwell) fires each stage within one frame of the
/// true crossing (a 12-bit count rounds the force down by up to a gram, so the frame at the
/// crossing may read just under it); and each kind of error the table counts is counted when it happens.
@Suite struct DetectionScorerTests {
    static let board = BoardDescription.simForDetection
    static let thresholds = ControllerSettings.standard.thresholds
    /// FSRs that read exactly what they carry.
    static let ideal = SimulatedFSRParameters(
        sensitivitySpreadQ16: 0, exponentQ16: 65_536, pivotForce: .grams(150), creepFractionQ16: 0, creepTimeConstantMicros: 2_000_000,
        hysteresisFractionQ16: 0)
    static let silent = FrontEndNoise(name: "silent", whiteMilligrams: 0, humMilligrams: 0, spikeProbability: 0, spikeMilligrams: 0)

    /// No filter, no dwell, no spike rejection, no drag rule: the pad's total as read.
    static var direct: ControllerSettings {
        var settings = ControllerSettings.standard
        settings.filter = FilterSettings(kind: .none, cutoffMilliHertz: 30_000, spikeRejection: false)
        settings.hysteresis.dwellMicros = 0
        settings.hysteresis.touchDwellMicros = 0
        settings.press.dragSpeedQ16PerSecond = 0
        return settings
    }

    static func scorer(_ settings: ControllerSettings = direct, renderer: CorpusRenderer) -> DetectionScorer {
        DetectionScorer(
            calibrations: renderer.calibrations, geometry: renderer.geometry,
            pipelineSettings: PipelineSettings(settings: settings, sampleRateHz: renderer.sampleRateHz),
            recognizerSettings: PressRecognizerSettings(settings))
    }

    /// One finger pressing to `peak` (mg) at 1 kg/s, held 200 ms, released, starting at `start` µs.
    static func press(peak: Int64, start: Int64 = 50_000) -> CorpusPress {
        let ramp = peak / 1_000 * 1_000
        return CorpusPress(
            kind: .ramp,
            fingers: [CorpusFinger(
                points: [(start, 0), (start + ramp, peak), (start + ramp + 200_000, peak), (start + 2 * ramp + 200_000, 0)],
                from: PadPosition(x: PadPosition.one / 2, y: PadPosition.one / 2))],
            noise: silent, seed: 1)
    }

    @Test func theCorpusIsTheSameForTheSameSeed() {
        let first = DetectionCorpus.presses(count: 40, seed: 7, thresholds: Self.thresholds)
        #expect(first == DetectionCorpus.presses(count: 40, seed: 7, thresholds: Self.thresholds))
        #expect(first != DetectionCorpus.presses(count: 40, seed: 8, thresholds: Self.thresholds))
        #expect(Set(first.map(\.kind)) == Set(CorpusPressKind.allCases))
    }

    @Test func aFingersForceIsItsBreakpointsJoinedByLines() {
        let finger = CorpusFinger(points: [(1_000, 0), (3_000, 200_000), (5_000, 200_000)], from: PadPosition(x: 0, y: 0))
        #expect(finger.force(atMicros: 0) == 0 && finger.force(atMicros: 2_000) == 100_000 && finger.force(atMicros: 4_000) == 200_000)
        #expect(finger.force(atMicros: 9_000) == 200_000)
    }

    @Test func anIdealPadFiresEachStageWithinOneFrameOfTheTrueCrossing() {
        let renderer = CorpusRenderer(board: Self.board, parameters: Self.ideal)
        var scorer = Self.scorer(renderer: renderer)
        scorer.score(renderer.render(Self.press(peak: 400_000)))
        let quality = scorer.quality
        #expect(quality.crossingToFrameMicros.count == 2)
        #expect(quality.crossingToFrameMicros.allSatisfy { (0...1_000).contains($0) }, "\(quality.crossingToFrameMicros)")
        #expect(quality.early == 0)
        #expect(quality.falseFires == 0 && quality.misses == 0 && quality.chatter == 0 && quality.expectedStages == 2)
    }

    @Test func aStageTheTrueForceNeverReachedIsAFalseFire() {
        let renderer = CorpusRenderer(board: Self.board, parameters: Self.ideal)
        var recording = renderer.render(Self.press(peak: 200_000))
        recording.truth = renderer.render(Self.press(peak: 140_000)).truth
        var scorer = Self.scorer(renderer: renderer)
        scorer.score(recording)
        #expect(scorer.quality.falseFires == 1 && scorer.quality.misses == 0)
    }

    @Test func aStageTheTrueForceHeldPastWithoutFiringIsAMiss() {
        let renderer = CorpusRenderer(board: Self.board, parameters: Self.ideal)
        var recording = renderer.render(Self.press(peak: 100_000))
        recording.truth = renderer.render(Self.press(peak: 200_000)).truth
        var scorer = Self.scorer(renderer: renderer)
        scorer.score(recording)
        #expect(scorer.quality.misses == 1 && scorer.quality.expectedStages == 1 && scorer.quality.falseFires == 0)
    }

    @Test func aSecondPressTheTruthDidNotMakeIsChatter() {
        let renderer = CorpusRenderer(board: Self.board, parameters: Self.ideal)
        var recording = renderer.render(Self.press(peak: 200_000))
        let second = renderer.render(Self.press(peak: 200_000, start: 50_000))
        recording.frames += second.frames.map { frame in
            var later = frame
            later.timeMicros += recording.frames.last!.timeMicros + 1_000
            return later
        }
        var scorer = Self.scorer(renderer: renderer)
        scorer.score(recording)
        // The second press lies outside every press of the truth: its beginning is chatter, its peek a false fire.
        #expect(scorer.quality.chatter == 1 && scorer.quality.falseFires == 1, "\(scorer.quality)")
    }

    @Test func aPadAheadOfTheTruthIsEarlyWithANegativeLatency() {
        let renderer = CorpusRenderer(board: Self.board, parameters: Self.ideal)
        var recording = renderer.render(Self.press(peak: 200_000))
        recording.truth = renderer.render(Self.press(peak: 200_000, start: 80_000)).truth
        var scorer = Self.scorer(renderer: renderer)
        scorer.score(recording)
        #expect(scorer.quality.early == 1)
        #expect(scorer.quality.crossingToFrameMicros.count == 1 && (-31_000 ... -29_000).contains(scorer.quality.crossingToFrameMicros[0]))
    }

    @Test func spikesThroughNoSpikeRejectionAreCountedOnTheCorpus() {
        let renderer = CorpusRenderer(board: Self.board)
        let presses = DetectionCorpus.presses(count: 48, seed: 1, thresholds: Self.thresholds)
        var standard = ControllerSettings.standard
        standard.press.dragSpeedQ16PerSecond = 0
        var guarded = Self.scorer(standard, renderer: renderer)
        var bare = Self.scorer(renderer: renderer)
        for press in presses {
            let recording = renderer.render(press)
            guarded.score(recording)
            bare.score(recording)
        }
        #expect(guarded.quality.falseFires + guarded.quality.misses + guarded.quality.chatter == 0, "\(guarded.quality)")
        #expect(bare.quality.falseFires + bare.quality.chatter > 0, "\(bare.quality)")
        #expect(guarded.quality.presses == 48 && guarded.quality.expectedStages > 0)
    }
}

extension BoardDescription {
    /// The sim board's 4-cell strip at 1 kHz with its FSR curve, as the detection table uses it.
    static var simForDetection: BoardDescription {
        let calibration = try! CalibrationTable(validating: [
            (0, 0), (256, 10), (585, 25), (1024, 50), (1638, 100), (2048, 150), (2340, 200), (2730, 300), (2978, 400), (3150, 500),
        ].map { CalibrationPoint(counts: $0.0, force: .grams($0.1)) })
        return BoardDescription(
            name: "sim", summary: "Simulated 4-cell strip", bus: nil,
            adcs: [ADCDescription(model: .sim, address: 0, inputs: Array(0..<4), dataRate: 0)],
            geometry: .strip(cells: 4), sampleRateHz: 1000,
            haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
            serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
            calibration: calibration, simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 20_000))
    }
}
