import ForcePadCore
import ForcePadHAL

/// How a recording begins: on an untouched, still pad, with a tare taken while the frames
/// are already being recorded, so a replay can repeat the tare on the same frame.
enum RecordingTare {
    /// Waits (up to two seconds) until no press is in progress and the force is below touch.
    static func waitForRest(_ controller: any LabHost) throws(CommandFailure) {
        let atRest = controller.waitForLoop(timeoutMicros: 2_000_000) {
            let snapshot = controller.snapshot()
            return snapshot.pressState == .idle && snapshot.force.total < controller.settings.thresholds.touch
        }
        guard atRest else {
            throw CommandFailure("the pad is being pressed (\(controller.snapshot().force.total)); a recording starts with a tare of the untouched pad: lift off and start again")
        }
        controller.pause(micros: controller.settleMicros)
    }

    /// Tares with the capture running and returns the frames.csv row of the tare's first frame.
    static func tare(_ controller: any LabHost, capture: Capture) throws(CommandFailure) -> Int {
        // A few frames before the tare, so the recording holds the frame it starts on.
        let startSequence = controller.snapshot().raw.sequence
        let framesArrived = controller.waitForLoop(timeoutMicros: 1_000_000) {
            controller.snapshot().raw.sequence >= startSequence + 4 && capture.frameCount > 0
        }
        guard framesArrived else { throw CommandFailure("the loop delivered no frames to record; check status for read errors") }
        let tareFrames = PipelineSettings(settings: controller.settings, sampleRateHz: controller.board.sampleRateHz).tareFrames
        try controller.send(.tare)
        let applied = controller.snapshot()
        guard case .measuring(let framesLeft) = applied.tare, let first = capture.firstSequence else {
            throw CommandFailure("the recording's tare could not be placed on a frame; start again")
        }
        let tareSequence = applied.raw.sequence - UInt64(tareFrames - framesLeft) + 1
        switch try waitForTare(controller) {
        case .done:
            return Int(tareSequence - first)
        case .refusedTouched(let peak):
            throw CommandFailure("the recording's tare was refused: the pad was touched (up to \(peak)); lift off and start again")
        case .refusedUnsteady(let cell, let spread):
            throw CommandFailure("the recording's tare was refused: cell \(cell) moved by \(spread) counts; keep the pad still and start again")
        case .none, .measuring:
            throw CommandFailure("the recording's tare did not finish; start again")
        }
    }

    /// Waits for the tare in progress to finish (as the `tare` command does).
    private static func waitForTare(_ controller: any LabHost) throws(CommandFailure) -> TareOutcome {
        let timeout = controller.settings.baseline.tareMicros + LoopRuntime.acknowledgeTimeoutMicros
        let finished = controller.waitForLoop(timeoutMicros: timeout) {
            if case .measuring = controller.snapshot().tare { false } else { true }
        }
        guard finished else { throw CommandFailure("the recording's tare did not finish in time; check status for missed periods") }
        return controller.snapshot().tare
    }
}
