import ForcePadCore
import ForcePadLabFiles

/// Whether a recording holds everything its verdict needs. A trial that stopped before its
/// presses were done, lost frames (the recorder fell behind, or the loop missed periods),
/// saw the sensor lost, had settings changed while it ran, or was interrupted cannot PASS:
/// its verdict is INCOMPLETE, with these reasons.
enum TrialCompleteness {
    /// Why `info` (with its recorded `events`) cannot be judged; empty when it can.
    static func reasons(_ info: CaptureInfo, events: [RecordedEvent]) -> [String] {
        var reasons: [String] = []
        if info.stopped == nil {
            reasons.append("interrupted: the recording was never stopped")
        }
        if let requested = info.trialPresses {
            let completed = info.pressesCompleted ?? 0
            if completed < requested {
                let how = info.stoppedBy.map { "stopped by \($0)" } ?? "stopped"
                reasons.append("\(how) after \(completed) of \(CountText.of(requested, "press"))")
            }
        }
        if let error = info.stoppedBy, error.hasPrefix("error") { reasons.append("the recording failed (\(error))") }
        if info.droppedFrames > 0 { reasons.append("\(CountText.of(info.droppedFrames, "frame")) dropped by the recorder") }
        if let missed = info.missedPeriods, missed > 0 { reasons.append("\(CountText.of(missed, "loop period")) missed") }
        let losses = events.filter { $0.event == "sensor.lost" }.count
        if losses > 0 { reasons.append("the sensor was lost \(CountText.of(losses, "time"))") }
        if info.settingsChanged { reasons.append("settings changed while it ran") }
        return reasons
    }
}
