import ForcePadCore
import ForcePadHAL

/// Follows the loop's events, in order, to give each stage's `haptic.on` its crossing→line
/// latency (``CrossingToLine``): the true crossing of the stage's threshold found in the
/// reference readings after the end of the press before, to the line's GPIO call. The live
/// event pump and a replay (`replay --json`) each follow their events with one.
struct StagePulseCrossing {
    /// The thresholds the stages fired at; nil: no crossing is looked for.
    var thresholds: Thresholds?
    /// When the last press ended (µs, loop time): a crossing is looked for after it.
    private var windowStartMicros: Int64 = .min

    init(thresholds: Thresholds? = nil) {
        self.thresholds = thresholds
    }

    /// Follows `event`; for a stage's `haptic.on` (its pattern named by `patternName`) on a
    /// driven line, the crossing→line latency when `crossing` (threshold, stage frame, window
    /// start → crossing time, the readings' rule) finds the crossing, for readings taken every
    /// `samplePeriodMicros`.
    mutating func follow(
        _ event: LoopEvent, patternName: (HapticPatternID) -> String, samplePeriodMicros: Int64,
        crossing: (Force, Int64, Int64) -> Int64?
    ) -> CrossingToLine? {
        switch event {
        case .press(.released(let time, _)), .press(.cancelled(let time, _)):
            windowStartMicros = time
        case .haptic(let haptic, .driven(let lineMicros, let stageMicros?)) where haptic.isOn:
            guard let thresholds else { return nil }
            let threshold: Force
            switch PressStage(rawValue: patternName(haptic.pattern)) {
            case .peek: threshold = thresholds.peek
            case .pop: threshold = thresholds.pop
            default: return nil
            }
            guard let crossed = crossing(threshold, stageMicros, windowStartMicros) else { return nil }
            return CrossingToLine(crossingMicros: crossed, lineMicros: lineMicros, uncertaintyMicros: samplePeriodMicros)
        default:
            break
        }
        return nil
    }
}
