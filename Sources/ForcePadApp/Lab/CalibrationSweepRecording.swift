import ForcePadCore
import ForcePadHAL
import Glibc

/// What `calibrate sweep` records for its fit: every frame's readings above the zero, and
/// every reading of the reference sensor, over a span of loop time. Runs on the shell thread,
/// reading the loop's snapshots and the event pump's newest reference reading.
struct CalibrationSweepRecording {
    var frames: [CalibrationSweep.Frame] = []
    var references: [(timeMicros: Int64, force: Force)] = []

    /// Records for `durationMicros`; fails when no frame arrives.
    static func record(_ controller: any LabHost, durationMicros: Int64) throws(CommandFailure) -> CalibrationSweepRecording {
        var recording = CalibrationSweepRecording()
        let cells = controller.board.geometry.cellCount
        var sequence = controller.snapshot().raw.sequence
        let clock = MonotonicClock()
        let end = clock.nowMicros() + durationMicros
        while clock.nowMicros() < end {
            let snapshot = controller.snapshot()
            if snapshot.raw.sequence != sequence {
                sequence = snapshot.raw.sequence
                recording.frames.append(CalibrationSweep.Frame(
                    timeMicros: snapshot.raw.timeMicros,
                    counts: (0..<cells).map { max(snapshot.cellCounts.readings[$0] - snapshot.cellCounts.zeros[$0], 0) }))
            }
            if let reading = controller.latestReferenceReading(), reading.timeMicros > (recording.references.last?.timeMicros ?? .min) {
                recording.references.append((reading.timeMicros, reading.force))
            }
            let next = sequence
            controller.waitForLoop(timeoutMicros: end - clock.nowMicros()) { controller.snapshot().raw.sequence != next }
        }
        guard !recording.frames.isEmpty else { throw CommandFailure("no frames arrived while sweeping; check status for read errors") }
        return recording
    }
}
