import ForcePadCore
import ForcePadHAL

/// How many frames after a force step reaches the converter the filtered total first
/// reaches a threshold: the pipeline's share of the time from touch to haptic.
enum DetectionDelay {
    /// Frames from the first frame that carries a step from 0 to `step` (on the sim board's
    /// simulated pad, no rise time, no noise) to the first frame whose total is at least
    /// `threshold`; nil if it never is within a second.
    static func frames(settings: PipelineSettings, step: Force, threshold: Force) -> Int? {
        let board = SimBoard.board()
        var pad = SimulatedPad(board: board, simulation: SimulationSettings(noise: .zero, seed: 1, riseMicros: 0))
        var pipeline = ForcePipeline(
            calibrations: Array(repeating: board.calibration, count: board.geometry.cellCount), geometry: board.geometry,
            settings: settings)
        let period = Int64(1_000_000 / board.sampleRateHz)
        var raw = RawFrame(cellCount: board.geometry.cellCount)
        let stepFrame = 500
        for index in 0..<(stepFrame + board.sampleRateHz) {
            let time = Int64(index) * period
            if index == stepFrame {
                _ = pad.apply(.press(force: step, position: .center, holdMicros: 0), at: time)
            }
            try! pad.read(into: &raw, at: time)
            raw.timeMicros = time
            raw.sequence = UInt64(index)
            pipeline.process(&raw)
            let total = pipeline.output.total
            if index >= stepFrame && total >= threshold { return index - stepFrame }
        }
        return nil
    }
}
