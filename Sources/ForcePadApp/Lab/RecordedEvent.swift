import ForcePadShell
import FoundationEssentials
import ForcePadCore

/// One line of `events.jsonl` (or of `replay --json`), read back: the fields of the
/// contract's events that the lab uses or compares.
struct RecordedEvent: Decodable, Equatable {
    var timeMicros: Int64
    var event: String
    var forceGrams: Double?
    /// The reference force at a stage's frame, or a reference reading's force (`reference.sample`).
    var referenceGrams: Double?
    var x: Double?
    var y: Double?
    var phase: String?
    var progress: Double?
    var stage: String?
    var reason: String?
    var pattern: String?
    /// What the line did (`driven`, `simulated`, `not driven`, `dry-run`), when the GPIO call
    /// returned and the stage→line latency (µs): measured or hardware-bound, so never part of
    /// a comparison with a replay.
    var line: String?
    var lineMicros: Int64?
    var stageToLineMicros: Int64?
    /// The frame of the stage whose pulse a `haptic.on` started (µs).
    var stageMicros: Int64?
    var slot: Int?
    var slots: Int?
    var type: String?
    var handled: Bool?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case timeMicros = "t_us", event, forceGrams = "force_g", referenceGrams = "reference_g", x, y, phase, progress, stage, reason, pattern
        case line, lineMicros = "line_us", stageToLineMicros = "stage_to_line_us", stageMicros = "stage_t_us"
        case slot, slots, type, handled, error
    }

    /// Parses one JSON line.
    static func parse(_ line: String) -> RecordedEvent? {
        try? JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8))
    }

    /// The event without what only the hardware decides (GPIO timing).
    var withoutLineTiming: RecordedEvent {
        var copy = self
        copy.line = nil
        copy.lineMicros = nil
        copy.stageToLineMicros = nil
        return copy
    }

    /// The event name of a reference reading in a recording's events file.
    static let referenceSample = "reference.sample"

    /// Whether the loop reports it (a replay can reproduce it): `shortcut.performed` comes
    /// from the shell, `haptic.edge` from the feedback input, and the reference lines from the
    /// reference sensor (a replay reads them back rather than reproducing them).
    var isLoopEvent: Bool {
        !["shortcut.performed", "haptic.edge", Self.referenceSample, "reference.lost", "reference.restored"].contains(event)
    }

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
