import ForcePadShell
import ForcePadCore
import ForcePadHAL

/// A recording run again through the pipeline, the recogniser and the haptic scheduler:
/// the events it gives, the force of every frame, and how the events compare with the
/// recorded ones.
struct RecordingReplay {
    /// Replayed events up to the recording's last frame, as the loop reported them and as
    /// their JSON lines read back.
    let loopEvents: [LoopEvent]
    let events: [RecordedEvent]
    /// Filtered total force per frame.
    let series: ForceSeries
    /// Recorded loop events compared (GPIO timing left out, which only hardware decides). For
    /// an interrupted recording, whose events file may end before its frames do, only the
    /// replayed events up to the last recorded one are compared.
    let compared: Int
    /// The first difference, or nil when every event is the same.
    let difference: String?
    /// Names of the haptic patterns the replay ran with, by id (for formatting its events).
    let patternNames: [String]

    /// Replays `recording` on `board` with `settings`.
    init(_ recording: Recording, board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) {
        let assembly: LoopAssembly
        do {
            assembly = try LoopAssembly(board: board, calibration: recording.calibration, settings: settings)
        } catch {
            throw CommandFailure(error.message)
        }
        patternNames = assembly.patterns.names
        let formatter = EventFormatter(patternNames: patternNames, geometry: board.geometry)
        let last = recording.info.lastTimeMicros ?? Int64.max
        var replayed: [RecordedEvent] = []
        var loopEvents: [LoopEvent] = []
        var series = ForceSeries()
        do {
            try ReplayRunner(assembly: assembly).run(
                recording.frames, keepTimes: true, zeros: recording.info.zerosCounts ?? [], tareAtRow: recording.info.tareRow,
                menuShortcuts: recording.info.menuShortcuts,
                handle: { event in
                    if let line = formatter.json(event)?.rendered(), let parsed = RecordedEvent.parse(line), parsed.timeMicros <= last {
                        replayed.append(parsed)
                        loopEvents.append(event)
                    }
                },
                frame: { frame in series.append(timeMicros: frame.timeMicros, total: frame.total) })
        } catch {
            throw CommandFailure(error.message)
        }
        events = replayed
        self.loopEvents = loopEvents
        self.series = series
        let recorded = recording.events.filter(\.isLoopEvent).map(\.withoutLineTiming)
        let comparedUntil = recording.info.isInterrupted ? recording.events.last?.timeMicros ?? Int64.min : Int64.max
        let again = replayed.filter { $0.timeMicros <= comparedUntil }.map(\.withoutLineTiming)
        compared = recorded.count
        difference = Self.firstDifference(recorded: recorded, replayed: again)
    }

    private static func firstDifference(recorded: [RecordedEvent], replayed: [RecordedEvent]) -> String? {
        for index in 0..<max(recorded.count, replayed.count) {
            let left = index < recorded.count ? recorded[index] : nil
            let right = index < replayed.count ? replayed[index] : nil
            if left != right {
                return "event \(index + 1): recorded \(left.map(describe) ?? "nothing"), replayed \(right.map(describe) ?? "nothing")"
            }
        }
        return nil
    }

    private static func describe(_ event: RecordedEvent) -> String {
        var text = "\(event.event) at \(event.timeMicros)us"
        if let force = event.forceGrams { text += " \(force)g" }
        if let stage = event.stage { text += " stage \(stage)" }
        if let pattern = event.pattern { text += " \(pattern)" }
        return text
    }
}
