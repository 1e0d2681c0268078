import ForcePadCore
import ForcePadHAL

/// The live view's sink: every frame's forces, the press stages and the haptic line's edges
/// into the ``LiveForceTap`` (kept only while a view watches). It adds no console line.
struct LiveForceSink: EventSink {
    let tap: LiveForceTap

    func take(_ event: PumpedEvent) -> [String] {
        switch event {
        case .force(let frame):
            tap.take(frame)
        case .loop(.press(let press), _, _):
            let marks: PlotMarks = switch press {
            case .began: .touch
            case .peek: .peek
            case .pop: .pop
            case .released, .cancelled: .release
            case .progress: []
            }
            if !marks.isEmpty { tap.take(.marks(marks, atMicros: press.timeMicros)) }
        case .loop(.haptic(let haptic, _), _, _):
            tap.take(.hapticLine(isOn: haptic.isOn, atMicros: haptic.timeMicros))
        default:
            break
        }
        return []
    }
}
