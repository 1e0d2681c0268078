import ForcePadCore
import ForcePadLabFiles
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
    /// The recording's reference readings (its `reference.sample` lines), oldest first.
    let referenceSamples: [ReferenceSample]
    /// The same readings, to give a stage its `reference_g` as the live pump did; nil when
    /// the recording has no reference channel.
    let references: ReferenceReadings?
    /// The thresholds it replayed with, for the crossing of a stage pulse.
    let thresholds: Thresholds
    /// Each stage's click measured again from the recording's accelerometer samples
    /// (``ReplayedFeltClicks``); empty without them.
    let felt: [HapticFelt]

    /// Replays `recording` on `board` with `settings`.
    init(_ recording: Recording, board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) {
        let assembly: LoopAssembly
        do {
            assembly = try LoopAssembly(board: board, calibration: recording.calibration, settings: settings)
        } catch {
            throw CommandFailure(error.message)
        }
        patternNames = assembly.patterns.names
        thresholds = settings.thresholds
        let formatter = EventFormatter(patternNames: patternNames, geometry: board.geometry)
        let last = recording.info.lastTimeMicros ?? Int64.max
        var replayed: [RecordedEvent] = []
        var loopEvents: [LoopEvent] = []
        var series = ForceSeries()
        let references = recording.info.referenceReadings(recording.events)
        self.references = references
        referenceSamples = recording.events.filter { $0.event == RecordedEvent.referenceSample }.map {
            ReferenceSample(timeMicros: $0.timeMicros, force: Force.fromGrams($0.referenceGrams ?? 0))
        }
        do {
            try ReplayRunner(assembly: assembly).run(
                recording.frames, keepTimes: true, zeros: recording.info.zerosCounts ?? [], tareAtRow: recording.info.tareRow,
                menuShortcuts: recording.info.menuShortcuts,
                handle: { event in
                    let reference = event.stageFrameMicros.flatMap { references?.force(atMicros: $0) }
                    if let line = formatter.json(event, reference: reference)?.rendered(), let parsed = RecordedEvent.parse(line), parsed.timeMicros <= last {
                        replayed.append(parsed)
                        loopEvents.append(event)
                    }
                },
                frame: { frame in series.append(frame) })
        } catch {
            throw CommandFailure(error.message)
        }
        events = replayed
        self.loopEvents = loopEvents
        self.series = series
        let felt = recording.accelerations.map { samples in
            ReplayedFeltClicks.measure(
                loopEvents, samples: samples, references: references, thresholds: settings.thresholds,
                patternName: { id in Int(id.rawValue) < assembly.patterns.names.count ? assembly.patterns.names[Int(id.rawValue)] : "test" })
        } ?? []
        self.felt = felt
        let comparedUntil = recording.info.isInterrupted ? recording.events.last?.timeMicros ?? Int64.min : Int64.max
        let recorded = recording.events.filter(\.isLoopEvent).map(\.withoutLineTiming)
        let again = replayed.filter { $0.timeMicros <= comparedUntil }.map(\.withoutLineTiming)
        var recordedFelt: [RecordedEvent] = []
        var replayedFelt: [RecordedEvent] = []
        if recording.accelerations != nil {
            recordedFelt = recording.events.filter { $0.event == EventName.hapticFelt.rawValue }.map(\.withoutLineTiming)
            replayedFelt = felt.filter { $0.stageMicros <= comparedUntil }.compactMap { RecordedEvent.parse(formatter.json($0).rendered())?.withoutLineTiming }
        }
        compared = recorded.count + recordedFelt.count
        difference = Self.firstDifference(recorded: recorded, replayed: again)
            ?? Self.firstDifference(recorded: recordedFelt, replayed: replayedFelt).map { "felt clicks: " + $0 }
    }

    /// The reference force at `event`'s stage frame as the recording's readings give it; nil
    /// for other events, without a reference channel, or across a gap in its readings.
    func reference(at event: LoopEvent) -> Force? {
        event.stageFrameMicros.flatMap { references?.force(atMicros: $0) }
    }

    /// The replayed events as JSON lines with the recording's reference readings among them
    /// (`reference.sample`), in time order, a reading before the events of its own time; a
    /// stage's `haptic.on` carries its crossing→line latency as the live pump gives it (to the
    /// replay's simulated line). The clicks measured again (`haptic.felt`) follow the events.
    func jsonLines(formatter: EventFormatter) -> [String] {
        eventLines(formatter: formatter) + felt.map { formatter.json($0).rendered() }
    }

    private func eventLines(formatter: EventFormatter) -> [String] {
        var lines: [String] = []
        var next = 0
        var pulses = StagePulseCrossing(thresholds: thresholds)
        for event in loopEvents {
            let crossing = references.flatMap { readings in
                pulses.follow(
                    event, patternName: formatter.patternName, samplePeriodMicros: readings.samplePeriodMicros,
                    crossing: { readings.crossing(of: $0, stageMicros: $1, windowStartMicros: $2) })
            }
            guard let json = formatter.json(event, reference: reference(at: event), crossing: crossing) else { continue }
            let time = RecordedEvent.parse(json.rendered())?.timeMicros ?? Int64.max
            while next < referenceSamples.count, referenceSamples[next].timeMicros <= time {
                lines.append(EventFormatter.json(referenceSamples[next]).rendered())
                next += 1
            }
            lines.append(json.rendered())
        }
        return lines + referenceSamples[next...].map { EventFormatter.json($0).rendered() }
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
        if let reference = event.referenceGrams { text += " reference \(reference)g" }
        if let stage = event.stage { text += " stage \(stage)" }
        if let pattern = event.pattern { text += " \(pattern)" }
        if let onset = event.onsetLatencyMicros { text += " onset \(onset)us" }
        if let peak = event.peakG { text += " peak \(peak)g" }
        return text
    }
}
