import FoundationEssentials
import ForcePadCore

/// One line of `events.jsonl` (or of `replay --json`), read back: the fields of the
/// contract's events that the lab uses or compares. Every number is checked against its
/// range as it is read (times within ``ForceTrace/maxTimeMicros``, forces within 1000 kg,
/// fractions within 0…1, slots within the menu's), so what the lab computes from it never traps.
public struct RecordedEvent: Decodable, Equatable, Sendable {
    public var timeMicros: Int64
    public var event: String
    public var forceGrams: Double?
    /// The reference force at a stage's frame, or a reference reading's force (`reference.sample`).
    public var referenceGrams: Double?
    /// The centroid (0…1) and a phase's progress (0…1).
    public var x: Double?
    public var y: Double?
    public var phase: String?
    public var progress: Double?
    public var stage: String?
    public var reason: String?
    public var pattern: String?
    /// What the line did (`driven`, `simulated`, `not driven`, `dry-run`), when the GPIO call
    /// returned and the stage→line latency (µs): measured or hardware-bound, so never part of
    /// a comparison with a replay.
    public var line: String?
    public var lineMicros: Int64?
    public var stageToLineMicros: Int64?
    /// The frame of the stage whose pulse a `haptic.on` started (µs).
    public var stageMicros: Int64?
    public var slot: Int?
    public var slots: Int?
    public var type: String?
    public var handled: Bool?
    public var error: String?
    /// A `haptic.felt`'s figures: whether it was felt, its onset and felt latencies (µs) and
    /// its peak acceleration (g).
    public var felt: Bool?
    public var onsetLatencyMicros: Int64?
    public var feltLatencyMicros: Int64?
    public var peakG: Double?
    /// A `stand.sample`'s travel of the test stand's crosshead from home (mm).
    public var travelMillimetres: Double?

    enum CodingKeys: String, CodingKey {
        case timeMicros = "t_us", event, forceGrams = "force_g", referenceGrams = "reference_g", x, y, phase, progress, stage, reason, pattern
        case line, lineMicros = "line_us", stageToLineMicros = "stage_to_line_us", stageMicros = "stage_t_us"
        case slot, slots, type, handled, error
        case felt, onsetLatencyMicros = "onset_latency_us", feltLatencyMicros = "felt_latency_us", peakG = "peak_g"
        case travelMillimetres = "travel_mm"
    }

    /// Travels a `stand.sample` may give (mm): a stand's stroke, with room above home.
    public static let travelRangeMillimetres = -1_000.0...1_000.0

    /// Peak accelerations a `haptic.felt` may give (g).
    public static let peakRangeG = 0.0...1_000.0

    /// Forces an event may give (g): ±1000 kg (a reference reading may be below zero).
    public static let forceRangeGrams = -1_000_000.0...1_000_000.0

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let times = 0...ForceTrace.maxTimeMicros
        let fraction = 0.0...1.0
        let slotRange = 0...ShortcutRegistry.visibleSlotCount
        timeMicros = try container.decode(Int64.self, forKey: .timeMicros, in: times, unit: " µs")
        event = try container.decode(String.self, forKey: .event)
        forceGrams = try container.decodeIfPresent(Double.self, forKey: .forceGrams, in: Self.forceRangeGrams, unit: " g")
        referenceGrams = try container.decodeIfPresent(Double.self, forKey: .referenceGrams, in: Self.forceRangeGrams, unit: " g")
        x = try container.decodeIfPresent(Double.self, forKey: .x, in: fraction)
        y = try container.decodeIfPresent(Double.self, forKey: .y, in: fraction)
        phase = try container.decodeIfPresent(String.self, forKey: .phase)
        progress = try container.decodeIfPresent(Double.self, forKey: .progress, in: fraction)
        stage = try container.decodeIfPresent(String.self, forKey: .stage)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
        line = try container.decodeIfPresent(String.self, forKey: .line)
        lineMicros = try container.decodeIfPresent(Int64.self, forKey: .lineMicros, in: times, unit: " µs")
        stageToLineMicros = try container.decodeIfPresent(
            Int64.self, forKey: .stageToLineMicros, in: -ForceTrace.maxTimeMicros...ForceTrace.maxTimeMicros, unit: " µs")
        stageMicros = try container.decodeIfPresent(Int64.self, forKey: .stageMicros, in: times, unit: " µs")
        slot = try container.decodeIfPresent(Int.self, forKey: .slot, in: slotRange)
        slots = try container.decodeIfPresent(Int.self, forKey: .slots, in: slotRange)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        handled = try container.decodeIfPresent(Bool.self, forKey: .handled)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        felt = try container.decodeIfPresent(Bool.self, forKey: .felt)
        let latencies = -ForceTrace.maxTimeMicros...ForceTrace.maxTimeMicros
        onsetLatencyMicros = try container.decodeIfPresent(Int64.self, forKey: .onsetLatencyMicros, in: latencies, unit: " µs")
        feltLatencyMicros = try container.decodeIfPresent(Int64.self, forKey: .feltLatencyMicros, in: latencies, unit: " µs")
        peakG = try container.decodeIfPresent(Double.self, forKey: .peakG, in: Self.peakRangeG, unit: " g")
        travelMillimetres = try container.decodeIfPresent(Double.self, forKey: .travelMillimetres, in: Self.travelRangeMillimetres, unit: " mm")
    }

    /// What a `haptic.felt` says of its stage's click, or nil for any other event.
    public var stageFelt: (stage: PressStage, felt: StageFelt)? {
        guard event == EventName.hapticFelt.rawValue, let stage = PressStage(rawValue: self.stage ?? ""), stage != .none else { return nil }
        guard felt == true else { return (stage, StageFelt(onsetLatencyMicros: nil, feltLatencyMicros: nil, peakMilliG: 0)) }
        return (
            stage,
            StageFelt(
                onsetLatencyMicros: onsetLatencyMicros, feltLatencyMicros: feltLatencyMicros,
                peakMilliG: Int32(((peakG ?? 0) * 1000).rounded())))
    }

    /// Reads one JSON line with `decoder` (one for a whole file is cheaper than one a line);
    /// the error says what is wrong with it, naming the key
    /// (`key t_us: -5 µs is out of range; allowed: 0 µs…10000000000000000 µs`).
    public static func read(_ line: some StringProtocol, with decoder: JSONDecoder = JSONDecoder()) -> Result<RecordedEvent, EventLineProblem> {
        do {
            return .success(try decoder.decode(RecordedEvent.self, from: Data(line.utf8)))
        } catch {
            return .failure(EventLineProblem(what: DecodingErrorText.summary(error, whole: "not an event object")))
        }
    }

    /// Parses one JSON line, or nil when it is not an event ForcePad can read.
    public static func parse(_ line: String) -> RecordedEvent? {
        try? read(line).get()
    }

    /// The event without what only the hardware decides (GPIO timing).
    public var withoutLineTiming: RecordedEvent {
        var copy = self
        copy.line = nil
        copy.lineMicros = nil
        copy.stageToLineMicros = nil
        return copy
    }

    /// The event name of a reference reading in a recording's events file.
    public static let referenceSample = EventName.referenceSample.rawValue

    /// What a `stand.sample` says of the stand's crosshead, or nil for any other event.
    public var standSample: StandSample? {
        guard event == EventName.standSample.rawValue, let travelMillimetres else { return nil }
        return StandSample(
            timeMicros: timeMicros, travel: Int64((travelMillimetres * 1000).rounded()), gaugeForce: forceGrams.map(Force.fromGrams))
    }

    /// Whether the loop reports it (a replay can reproduce it): see ``EventName/isOutsideTheLoop``;
    /// a name ForcePad does not know counts as the loop's.
    public var isLoopEvent: Bool {
        !(EventName(rawValue: event)?.isOutsideTheLoop ?? false)
    }

    /// The press event it stands for, if it is one.
    public var pressEvent: PressEvent? {
        let force = Force.fromGrams(forceGrams ?? 0)
        switch EventName(rawValue: event) {
        case .pressBegan: return .began(atMicros: timeMicros, force: force, position: .center)
        case .pressPeek: return .peek(atMicros: timeMicros, force: force)
        case .pressPop: return .pop(atMicros: timeMicros, force: force)
        case .pressReleased: return .released(atMicros: timeMicros, stage: PressStage(rawValue: stage ?? "") ?? .none)
        case .pressCancelled: return .cancelled(atMicros: timeMicros, reason: PressCancelReason(rawValue: reason ?? "") ?? .command)
        default: return nil
        }
    }
}

/// Why a line is not an event ForcePad can read, in a few words naming the key.
public struct EventLineProblem: Error, Equatable, Sendable {
    public let what: String
}
