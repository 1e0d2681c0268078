import ForcePadCore
import ForcePadHAL

/// Scores every candidate on the same corpus presses, rendered once each.
struct DetectionComparison {
    let candidates: [DetectionCandidate]
    private(set) var scores: [DetectionQuality]

    init(candidates: [DetectionCandidate], presses: [CorpusPress], renderer: CorpusRenderer) {
        self.candidates = candidates
        var scorers = candidates.map { candidate in
            DetectionScorer(
                calibrations: renderer.calibrations, geometry: renderer.geometry,
                pipelineSettings: PipelineSettings(settings: candidate.settings, sampleRateHz: renderer.sampleRateHz),
                recognizerSettings: PressRecognizerSettings(candidate.settings))
        }
        for press in presses {
            let recording = renderer.render(press)
            for index in scorers.indices { scorers[index].score(recording) }
        }
        scores = scorers.map(\.quality)
    }
}
