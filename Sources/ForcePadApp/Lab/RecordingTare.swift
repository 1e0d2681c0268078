import ForcePadCore
import ForcePadHAL
import Glibc

/// How a recording begins: on an untouched, still pad, with a tare taken while the frames
/// are already being recorded, so a replay can repeat the tare on the same frame.
enum RecordingTare {
    /// Waits (up to two seconds) until no press is in progress and the force is below touch.
    static func waitForRest(_ controller: any LabHost) throws(CommandFailure) {
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + 2_000_000
        while true {
            let snapshot = controller.snapshot()
            if snapshot.pressState == .idle && snapshot.force.total < controller.settings.thresholds.touch { break }
            if clock.nowMicros() > deadline {
                throw CommandFailure("the pad is being pressed (\(snapshot.force.total)); a recording starts with a tare of the untouched pad: lift off and start again")
            }
            usleep(5_000)
        }
        controller.pause(micros: controller.settleMicros)
    }

    /// Tares with the capture running and returns the frames.csv row of the tare's first frame.
    static func tare(_ controller: any LabHost, capture: Capture) throws(CommandFailure) -> Int {
        // A few frames before the tare, so the recording holds the frame it starts on.
        let startSequence = controller.snapshot().raw.sequence
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + 1_000_000
        while controller.snapshot().raw.sequence < startSequence + 4 || capture.frameCount == 0 {
            if clock.nowMicros() > deadline { throw CommandFailure("the loop delivered no frames to record; check status for read errors") }
            usleep(500)
        }
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
        let clock = MonotonicClock()
        let deadline = clock.nowMicros() + controller.settings.baseline.tareMicros + LoopRuntime.acknowledgeTimeoutMicros
        while case .measuring = controller.snapshot().tare {
            if clock.nowMicros() > deadline { throw CommandFailure("the recording's tare did not finish in time; check status for missed periods") }
            usleep(1_000)
        }
        return controller.snapshot().tare
    }
}
