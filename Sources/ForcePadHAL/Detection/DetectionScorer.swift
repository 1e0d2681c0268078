import ForcePadCore

/// Runs corpus recordings through the real pipeline and press recogniser with the settings
/// under test, and scores every stage against the truth (``DetectionQuality``). Each recording
/// starts a fresh pipeline and recogniser. The true crossing of a fired stage follows the same
/// rule as a trial's (``ReferenceCrossing``).
public struct DetectionScorer: Sendable {
    public let pipelineSettings: PipelineSettings
    public let recognizerSettings: PressRecognizerSettings
    private let calibrations: [CalibrationTable]
    private let geometry: PadGeometry
    public private(set) var quality = DetectionQuality()

    /// A stage must fire when the true force stays this far above its threshold (‰)…
    public static let expectedMarginPermille: Int64 = 30
    /// …for at least this long (µs).
    public static let expectedHoldMicros: Int64 = 20_000

    public init(
        calibrations: [CalibrationTable], geometry: PadGeometry, pipelineSettings: PipelineSettings,
        recognizerSettings: PressRecognizerSettings
    ) {
        self.calibrations = calibrations
        self.geometry = geometry
        self.pipelineSettings = pipelineSettings
        self.recognizerSettings = recognizerSettings
    }

    /// Scores one recording.
    public mutating func score(_ recording: CorpusRecording) {
        var pipeline = ForcePipeline(calibrations: calibrations, geometry: geometry, settings: pipelineSettings)
        var recognizer = PressRecognizer(settings: recognizerSettings)
        var events = PressEventBuffer()
        var frames = recording.frames
        var began = 0
        var fired: [PressStage: [Int64]] = [.peek: [], .pop: []]
        for index in frames.indices {
            pipeline.process(&frames[index])
            events.removeAll()
            recognizer.update(with: pipeline.output, into: &events)
            for event in events {
                switch event {
                case .began: began += 1
                case .peek(let time, _): fired[.peek, default: []].append(time)
                case .pop(let time, _): fired[.pop, default: []].append(time)
                case .progress, .released, .cancelled: break
                }
            }
        }
        let truth = recording.truth
        let thresholds = recognizerSettings.thresholds, bands = recognizerSettings.hysteresis
        quality.presses += 1
        quality.chatter += max(0, began - Self.upwardCrossings(truth, of: thresholds.touch, band: bands.touch))
        for (stage, threshold, band) in [(PressStage.peek, thresholds.peek, bands.peek), (.pop, thresholds.pop, bands.pop)] {
            let times = fired[stage] ?? []
            let reached = truth.contains { $0.force >= threshold }
            if !reached {
                quality.falseFires += times.count
                continue
            }
            quality.chatter += max(0, times.count - Self.upwardCrossings(truth, of: threshold, band: band))
            if recording.allowsStages && Self.isHeldAbove(truth, threshold) {
                quality.expectedStages += 1
                if times.isEmpty { quality.misses += 1 }
            }
            for time in times {
                let crossing = ReferenceCrossing.lastUpward(
                    of: threshold, stageMicros: time, windowStartMicros: 0, maxGapMicros: 2 * CorpusRenderer.truthPeriodMicros,
                    count: truth.count, sample: { truth[$0] })
                if let crossing {
                    quality.crossingToFrameMicros.append(time - crossing)
                } else if let ahead = Self.nextUpwardCrossing(truth, of: threshold, after: time) {
                    quality.early += 1
                    quality.crossingToFrameMicros.append(time - ahead)
                }
            }
        }
    }

    /// The first time after `time` (µs) the truth rises to `threshold`, interpolated between
    /// the samples around it; nil if it never does.
    static func nextUpwardCrossing(_ truth: [ReferenceSample], of threshold: Force, after time: Int64) -> Int64? {
        guard let index = truth.firstIndex(where: { $0.timeMicros > time && $0.force >= threshold }) else { return nil }
        guard index > 0, truth[index - 1].force < threshold else { return truth[index].timeMicros }
        let before = truth[index - 1], after = truth[index]
        let rise = Int64(after.force.milligrams) - Int64(before.force.milligrams)
        let needed = Int64(threshold.milligrams) - Int64(before.force.milligrams)
        return before.timeMicros + (after.timeMicros - before.timeMicros) * needed / max(rise, 1)
    }

    /// Upward crossings of `threshold` by the truth, each after it fell below the threshold
    /// less `band` (the first counts from rest).
    static func upwardCrossings(_ truth: [ReferenceSample], of threshold: Force, band: Force) -> Int {
        var armed = true, crossings = 0
        for sample in truth {
            if armed && sample.force >= threshold {
                crossings += 1
                armed = false
            } else if sample.force.milligrams < threshold.milligrams - band.milligrams {
                armed = true
            }
        }
        return crossings
    }

    /// Whether the truth stays at or above `threshold` plus ``expectedMarginPermille`` for
    /// ``expectedHoldMicros`` or longer at some point.
    static func isHeldAbove(_ truth: [ReferenceSample], _ threshold: Force) -> Bool {
        let level = Int64(threshold.milligrams) * (1000 + expectedMarginPermille) / 1000
        var since: Int64?
        for sample in truth {
            if Int64(sample.force.milligrams) >= level {
                let start = since ?? sample.timeMicros
                since = start
                if sample.timeMicros - start >= expectedHoldMicros { return true }
            } else {
                since = nil
            }
        }
        return false
    }
}
