import ForcePadShell
import FoundationEssentials
import ForcePadCore

/// One line of `events.jsonl` (or of `replay --json`), read back: the fields of the
/// contract's events that the lab uses or compares.
struct RecordedEvent: Decodable, Equatable {
    var timeMicros: Int64
    var event: String
    var forceGrams: Double?
    var x: Double?
    var y: Double?
    var phase: String?
    var progress: Double?
    var stage: String?
    var reason: String?
    var pattern: String?
    /// When the GPIO call returned, and how long after the frame (µs): measured, so never
    /// part of a comparison with a replay.
    var lineMicros: Int64?
    var latencyMicros: Int64?
    var slot: Int?
    var slots: Int?
    var type: String?
    var handled: Bool?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case timeMicros = "t_us", event, forceGrams = "force_g", x, y, phase, progress, stage, reason, pattern
        case lineMicros = "line_us", latencyMicros = "latency_us", slot, slots, type, handled, error
    }

    /// Parses one JSON line.
    static func parse(_ line: String) -> RecordedEvent? {
        try? JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8))
    }

    /// The event without what only the hardware decides (GPIO timing).
    var withoutLineTiming: RecordedEvent {
        var copy = self
        copy.lineMicros = nil
        copy.latencyMicros = nil
        return copy
    }

    /// Whether the loop reports it (a replay can reproduce it): `shortcut.performed` comes
    /// from the shell and `haptic.edge` from the feedback input.
    var isLoopEvent: Bool { event != "shortcut.performed" && event != "haptic.edge" }

    /// The press event it stands for, if it is one.
    var pressEvent: PressEvent? {
        let force = Force.fromGrams(forceGrams ?? 0)
        switch event {
        case "press.began": return .began(atMicros: timeMicros, force: force, position: .center)
        case "press.peek": return .peek(atMicros: timeMicros, force: force)
        case "press.pop": return .pop(atMicros: timeMicros, force: force)
        case "press.released": return .released(atMicros: timeMicros, stage: PressStage(rawValue: stage ?? "") ?? .none)
        case "press.cancelled": return .cancelled(atMicros: timeMicros, reason: PressCancelReason(rawValue: reason ?? "") ?? .command)
        default: return nil
        }
    }
}
