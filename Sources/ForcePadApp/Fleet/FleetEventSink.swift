import ForcePadCore
import ForcePadHAL

/// The fleet's sink: the press stages (touch, peek, pop, release, cancel) and the haptic
/// pulses, each as its JSON event line (the console's JSON mode's), into the
/// ``FleetEventQueue``; never a frame, never progress. It adds no console line.
struct FleetEventSink: EventSink {
    let queue: FleetEventQueue
    let formatter: EventFormatter

    func take(_ event: PumpedEvent) -> [String] {
        guard case .loop(let loopEvent, let reference, let crossing) = event else { return [] }
        switch loopEvent {
        case .press(let press):
            if case .progress = press { return [] }
        case .haptic(let haptic, _):
            guard haptic.isOn else { return [] }
        default:
            return []
        }
        if let json = formatter.json(loopEvent, reference: reference, crossing: crossing) { queue.append(json.rendered()) }
        return []
    }
}
