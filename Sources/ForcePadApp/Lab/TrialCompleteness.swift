import ForcePadCore
import ForcePadLabFiles

/// Whether a recording holds everything its verdict needs. A trial that stopped before its
/// presses were done, had settings changed while it ran, was interrupted, or whose frames do
/// not replay to the events it recorded (what was judged cannot be reproduced) cannot PASS; nor
/// can one left with too few presses once those a disturbance touched (frames missing, a
/// reference gap, a lost sensor: ``PressScreening``) are out. Its verdict is INCOMPLETE,
/// with these reasons.
enum TrialCompleteness {
    /// Why `info` cannot be judged, with `screening`'s presses left out and at least
    /// `judgedPressesMin` needed; empty when it can.
    static func reasons(_ info: CaptureInfo, replayDifference: String?, screening: PressScreening, judgedPressesMin: Int) -> [String] {
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
        if info.settingsChanged { reasons.append("settings changed while it ran") }
        if let difference = replayDifference, !info.settingsChanged {
            reasons.append("its frames do not replay to its events (\(difference))")
        }
        if !screening.exclusions.isEmpty, screening.judged < judgedPressesMin {
            reasons.append(
                "\(screening.exclusions.count) of \(CountText.of(screening.presses, "press")) disturbed, \(screening.judged) left to judge; "
                    + "at least \(judgedPressesMin) needed ([trials] judged_presses_min)")
        }
        return reasons
    }
}
