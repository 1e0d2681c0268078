import ForcePadCore

/// Scores when a recogniser fired against the truth (``DetectionQuality``): the stages of
/// corpus presses, which it runs through the real pipeline and press recogniser with the
/// settings under test (a fresh pipeline and recogniser per press), or the firings of a
/// recording's replay. The truth is split into presses where it rests below touch less its
/// release band for ``restMicros`` or longer, and each press is scored on its own; a firing
/// outside every press is chatter (a press began) or a false fire (a stage). The true crossing
/// of a fired stage follows the same rule as a trial's (``ReferenceCrossing``).
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
    /// Rest that separates two presses of the truth (µs).
    public static let restMicros: Int64 = 200_000
    /// How far before a press's first reading above rest, and after its last, its firings count (µs).
    public static let leadMicros: Int64 = 50_000
    public static let trailMicros: Int64 = 150_000

    public init(
        calibrations: [CalibrationTable], geometry: PadGeometry, pipelineSettings: PipelineSettings,
        recognizerSettings: PressRecognizerSettings
    ) {
        self.calibrations = calibrations
        self.geometry = geometry
        self.pipelineSettings = pipelineSettings
        self.recognizerSettings = recognizerSettings
    }

    /// Runs one corpus press through the pipeline and recogniser, and scores it.
    public mutating func score(_ recording: CorpusRecording) {
        var pipeline = ForcePipeline(calibrations: calibrations, geometry: geometry, settings: pipelineSettings)
        var recognizer = PressRecognizer(settings: recognizerSettings)
        var events = PressEventBuffer()
        var frames = recording.frames
        var firings = DetectionFirings()
        for index in frames.indices {
            pipeline.process(&frames[index])
            events.removeAll()
            recognizer.update(with: pipeline.output, into: &events)
            for event in events {
                switch event {
                case .began(let time, _, _): firings.began.append(time)
                case .peek(let time, _): firings.peek.append(time)
                case .pop(let time, _): firings.pop.append(time)
                case .progress, .released, .cancelled: break
                }
            }
        }
        score(firings, truth: recording.truth, truthPeriodMicros: recording.truthPeriodMicros, allowsStages: recording.allowsStages)
    }

    /// Scores `firings` against `truth` (readings every `truthPeriodMicros`), press by press.
    public mutating func score(_ firings: DetectionFirings, truth: [ReferenceSample], truthPeriodMicros: Int64, allowsStages: Bool = true) {
        let thresholds = recognizerSettings.thresholds, bands = recognizerSettings.hysteresis
        let windows = Self.presses(truth, rest: thresholds.touch.milligrams - bands.touch.milligrams)
        func inside(_ time: Int64) -> Bool { windows.contains { $0.contains(time) } }
        quality.chatter += firings.began.filter { !inside($0) }.count
        quality.falseFires += (firings.peek + firings.pop).filter { !inside($0) }.count
        for window in windows {
            let readings = truth.filter { window.contains($0.timeMicros) }
            quality.presses += 1
            let began = firings.began.filter { window.contains($0) }.count
            quality.chatter += max(0, began - Self.upwardCrossings(readings, of: thresholds.touch, band: bands.touch))
            let stages = [(firings.peek, thresholds.peek, bands.peek), (firings.pop, thresholds.pop, bands.pop)]
            for (all, threshold, band) in stages {
                let times = all.filter { window.contains($0) }
                score(times, readings: readings, threshold: threshold, band: band, truthPeriodMicros: truthPeriodMicros, allowsStages: allowsStages)
            }
        }
    }

    /// One stage's firings in one press.
    private mutating func score(
        _ times: [Int64], readings: [ReferenceSample], threshold: Force, band: Force, truthPeriodMicros: Int64, allowsStages: Bool
    ) {
        guard readings.contains(where: { $0.force >= threshold }) else {
            quality.falseFires += times.count
            return
        }
        quality.chatter += max(0, times.count - Self.upwardCrossings(readings, of: threshold, band: band))
        if allowsStages && Self.isHeldAbove(readings, threshold) {
            quality.expectedStages += 1
            if times.isEmpty { quality.misses += 1 }
        }
        for time in times {
            let crossing = ReferenceCrossing.lastUpward(
                of: threshold, stageMicros: time, windowStartMicros: readings[0].timeMicros, maxGapMicros: 2 * truthPeriodMicros,
                count: readings.count, sample: { readings[$0] })
            if let crossing {
                quality.crossingToFrameMicros.append(time - crossing)
            } else if let ahead = Self.nextUpwardCrossing(readings, of: threshold, after: time) {
                quality.early += 1
                quality.crossingToFrameMicros.append(time - ahead)
            }
        }
    }

    /// The time windows of the truth's presses: from ``leadMicros`` before the first reading at
    /// or above `rest` (mg) to ``trailMicros`` after the last, presses closer than
    /// ``restMicros`` joined, each window ending where the next begins.
    static func presses(_ truth: [ReferenceSample], rest: Int32) -> [ClosedRange<Int64>] {
        var runs: [(start: Int64, end: Int64)] = []
        for sample in truth where sample.force.milligrams >= rest {
            if let last = runs.last, sample.timeMicros - last.end < restMicros {
                runs[runs.count - 1].end = sample.timeMicros
            } else {
                runs.append((sample.timeMicros, sample.timeMicros))
            }
        }
        return runs.indices.map { index in
            let start = runs[index].start - leadMicros
            let end = index + 1 < runs.count ? min(runs[index].end + trailMicros, runs[index + 1].start - leadMicros - 1) : runs[index].end + trailMicros
            return start...max(start, end)
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
