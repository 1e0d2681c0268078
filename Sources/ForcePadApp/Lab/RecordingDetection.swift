import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

/// How well one set of settings detects the presses of a recording made with a reference
/// sensor: the recording replayed with those settings (as `replay` does), its press events
/// scored against the recorded reference readings by the detection table's rules
/// (``DetectionScorer``, docs/performance.md).
struct RecordingDetection {
    let quality: DetectionQuality

    /// Replays `recording` on `board` with `settings` and scores its firings; refused for a
    /// recording without a reference.
    init(_ recording: Recording, board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) {
        guard let period = recording.info.referencePeriodMicros else {
            throw CommandFailure("'\(recording.info.name)' has no reference readings to score against: record it with a [reference] sensor (docs/reference-sensors.md)")
        }
        let truth = CaptureInfo.referenceSamples(recording.events)
        guard !truth.isEmpty else { throw CommandFailure("'\(recording.info.name)' holds no reference reading") }
        let replay = try RecordingReplay(recording, board: board, settings: settings)
        var firings = DetectionFirings()
        for event in replay.events {
            switch EventName(rawValue: event.event) {
            case .pressBegan: firings.began.append(event.timeMicros)
            case .pressPeek: firings.peek.append(event.timeMicros)
            case .pressPop: firings.pop.append(event.timeMicros)
            default: break
            }
        }
        var scorer = DetectionScorer(
            calibrations: recording.calibration.tables, geometry: board.geometry,
            pipelineSettings: PipelineSettings(settings: settings, sampleRateHz: board.sampleRateHz),
            recognizerSettings: PressRecognizerSettings(settings))
        scorer.score(firings, truth: truth, truthPeriodMicros: period)
        quality = scorer.quality
    }

    /// `p50/p99/max …us, false …, miss …, chatter …, early …`.
    var text: String {
        return "crossing→frame \(quality.crossingToFrameText)us over \(CountText.of(quality.crossingToFrameMicros.count, "stage")); false \(quality.falseFires), miss \(quality.misses) of \(quality.expectedStages), chatter \(quality.chatter), early \(quality.early)"
    }

    var fields: [(String, JSONValue)] {
        func micros(_ permille: Int) -> JSONValue { quality.crossingToFrame(permille: permille).map { .int($0) } ?? .null }
        return [
            ("presses", .int(Int64(quality.presses))), ("stages", .int(Int64(quality.crossingToFrameMicros.count))),
            ("crossing_to_frame_us", .object([("p50", micros(500)), ("p99", micros(990)), ("max", micros(1000))])),
            ("false_fires", .int(Int64(quality.falseFires))), ("misses", .int(Int64(quality.misses))),
            ("expected_stages", .int(Int64(quality.expectedStages))), ("chatter", .int(Int64(quality.chatter))),
            ("early", .int(Int64(quality.early))),
        ]
    }
}
