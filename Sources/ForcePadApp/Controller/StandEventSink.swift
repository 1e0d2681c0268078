import ForcePadCore
import ForcePadHAL

/// The test stand's sink: a lost pad sensor stops the stand at once, as the force it presses
/// with can no longer be watched on the pad.
struct StandEventSink: EventSink {
    let stand: StandRuntime

    func take(_ event: PumpedEvent) -> [String] {
        if case .loop(.sensorLost(_, let errno), _, _) = event {
            stand.stop(.sensorLost("the pad's sensor: \(ErrnoText.describe(errno))"))
        }
        return []
    }
}
