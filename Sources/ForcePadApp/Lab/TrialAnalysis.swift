import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

/// The presses of a recording or trial and their statistics: events as recorded (forces
/// and stage→line latencies measured live), frame forces from an exact replay (for peaks and
/// chatter), against the thresholds it was recorded with, judged by the limits it stored
/// when it started (never the config of the session reading it).
struct TrialAnalysis {
    let recording: Recording
    let replay: RecordingReplay
    let thresholds: Thresholds
    let hysteresis: Hysteresis
    let records: [PressRecord]
    let statistics: TrialStatistics
    let checks: [LimitCheck]
    /// The limits the recording stored (none for a format 1 recording).
    let limits: TrialLimits
    /// Where ``limits`` came from, as the report says it.
    let limitsSource: String
    /// Why the trial cannot be judged (stopped early, settings changed, too few presses left
    /// once the disturbed ones are out); empty when it is complete.
    let incompleteBecause: [String]
    /// Everything that disturbed the recording (frames missing, reference gaps, sensor or
    /// reference lost), oldest first.
    let disturbances: [TrialDisturbance]
    /// The presses those touched, left out of the statistics, the checks and the verdict.
    let screening: PressScreening
    /// The fewest presses the verdict may judge (``TrialLimits/judgedPressesMin(of:)``).
    let judgedPressesMin: Int
    /// The static error of each judged press that was held still against the reference
    /// (press numbers from 1); empty without a reference channel.
    let heldErrors: [(press: Int, error: HeldForceError)]
    /// Each stage's pad estimate against the reference force at firing; empty when the
    /// recording has no reference channel.
    let referenceComparisons: [StageReferenceComparison]
    /// Peek and pop judged against the truth: which presses missed each (``StageDetection``).
    let detections: [StageDetection]
    /// Each press's true peak force and where it came from (``truePeaks(_:references:)``).
    let truePeaks: (forces: [Force?], basis: StageDetection.Basis)
    /// Haptic pulses: pattern name, line on and off (µs, loop time of the periods).
    let pulses: [(pattern: String, onMicros: Int64, offMicros: Int64)]
    /// Each press's force–travel curve in a stand trial (``curves(_:events:references:)``); empty without travel.
    let curves: [ForceTravelCurve?]

    /// The recordings the trial was made in, first first: one, or each part of a trial that
    /// was resumed (``TrialParts``), described as moved on the time axis when joined, with
    /// the presses each finished.
    let parts: [(info: CaptureInfo, presses: Int)]

    /// Analyses one recording.
    init(_ recording: Recording, board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) {
        try self.init(parts: [recording], board: board, settings: settings)
    }

    /// Analyses the parts of one trial as one (``Recording/init(joining:)``): each part is
    /// replayed on its own with the settings it was recorded with, and disturbances are found
    /// within each part (the time between parts is not a gap in the trial).
    init(parts unshifted: [Recording], board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) {
        var parts: [Recording] = []
        for part in unshifted {
            let period = Int64(1_000_000 / max(part.info.sampleRateHertz, 1))
            let start = part.info.firstTimeMicros ?? part.frames.timesMicros.first ?? 0
            let shift = parts.last?.lastTimeMicros.map { $0 + period - start } ?? 0
            parts.append(part.shifted(byMicros: shift))
        }
        var replays: [(name: String, replay: RecordingReplay)] = []
        for part in parts {
            replays.append((part.info.name, try RecordingReplay(part, board: board, settings: part.info.recordedSettings(over: settings))))
        }
        let recording = parts.count == 1 ? parts[0] : Recording(joining: parts)
        self.recording = recording
        self.parts = parts.map { ($0.info, $0.finishedPresses.count) }
        let info = recording.info
        limits = info.limits ?? .none
        limitsSource = info.limits == nil
            ? "not stored (a format \(info.formatVersion) recording): no limits checked"
            : "\(info.limitsSource ?? "unknown"), stored with the recording when it started"
        let recorded = recording.info.recordedSettings(over: settings)
        let replay = replays.count == 1 ? replays[0].replay : RecordingReplay(joining: replays, referencePeriodMicros: info.referencePeriodMicros)
        self.replay = replay
        thresholds = recorded.thresholds
        hysteresis = recorded.hysteresis
        var assembler = PressRecordAssembler()
        var pulses: [(String, Int64, Int64)] = []
        var openPulse: (String, Int64)?
        for event in recording.events {
            if let press = event.pressEvent { assembler.add(press) }
            if let (stage, felt) = event.stageFelt { assembler.addFelt(stage: stage, stageMicros: event.timeMicros, felt: felt) }
            switch EventName(rawValue: event.event) {
            case .hapticOn:
                if let stage = PressStage(rawValue: event.pattern ?? ""), let line = event.lineMicros {
                    assembler.addHapticOn(stage: stage, atMicros: event.timeMicros, lineMicros: line)
                }
                openPulse = (event.pattern ?? "", event.timeMicros)
            case .hapticOff:
                if let pulse = openPulse { pulses.append((pulse.0, pulse.1, event.timeMicros)) }
                openPulse = nil
            default:
                break
            }
        }
        if let pulse = openPulse { pulses.append((pulse.0, pulse.1, recording.info.lastTimeMicros ?? pulse.1)) }
        assembler.measure(replay.series, thresholds: thresholds)
        var records = assembler.records
        if let references = replay.references {
            records = Self.measuringCrossings(records, series: replay.series, thresholds: thresholds, references: references)
        }
        if let presses = recording.info.trialPresses {
            records = Array(records.filter(\.isFinished).prefix(presses))
        }
        self.records = records
        self.pulses = pulses
        let spans = parts.map { part in
            let first = part.info.firstTimeMicros ?? part.frames.timesMicros.first ?? 0
            return first...max(first, part.lastTimeMicros ?? first)
        }
        curves = Self.curves(records, events: recording.events, references: replay.referenceSamples, parts: spans)
        disturbances = zip(parts, replays).flatMap { Self.disturbances($0, replay: $1.replay) }.sorted { $0.startMicros < $1.startMicros }
        let settle = FilterDelay(settings: recorded.filter, sampleRateHz: info.sampleRateHertz).settleMicros
        let screening = PressScreening(
            records: records, disturbances: disturbances, settleMicros: settle, endMicros: info.lastTimeMicros ?? records.last?.beganMicros ?? 0)
        self.screening = screening
        let judged = records.indices.filter { !screening.isExcluded(index: $0) }.map { records[$0] }
        statistics = TrialStatistics(records: judged, thresholds: thresholds)
        let excludedSpans = screening.exclusions.map { records[$0.press - 1] }.map { ($0.beganMicros, $0.endedMicros ?? .max) }
        let firings = recording.events.filter { $0.event == EventName.pressPeek.rawValue || $0.event == EventName.pressPop.rawValue }
        referenceComparisons = Self.referenceComparisons(firings.filter { event in
            !excludedSpans.contains { event.timeMicros >= $0.0 && event.timeMicros <= $0.1 }
        })
        heldErrors = Self.heldErrors(records, screening: screening, replay: replay, settleMicros: settle)
        let allPeaks = Self.truePeaks(records, references: replay.referenceSamples)
        let peaks = allPeaks.forces.indices.map { screening.isExcluded(index: $0) ? nil : allPeaks.forces[$0] }
        truePeaks = allPeaks
        let stored = limits
        let detections = [(PressStage.peek, recorded.thresholds.peek, recorded.hysteresis.peek), (.pop, recorded.thresholds.pop, recorded.hysteresis.pop)]
            .map { stage, threshold, band in
                StageDetection(
                    stage: stage, records: records, peaks: peaks, threshold: threshold,
                    margin: stored.limits(of: stage).missMargin ?? band, basis: allPeaks.basis)
            }
        self.detections = detections
        checks = statistics.check(stored, references: referenceComparisons)
            + detections.compactMap { detection in stored.limits(of: detection.stage).missesMax.map { detection.check(missesMax: $0) } }
        judgedPressesMin = stored.judgedPressesMin(of: info.trialPresses ?? records.count)
        incompleteBecause = TrialCompleteness.reasons(
            info, replayDifference: replay.difference, screening: screening, judgedPressesMin: judgedPressesMin)
    }

    /// nil when no limit is set (statistics only); else INCOMPLETE when the trial cannot be
    /// judged, else PASS or FAIL.
    var verdict: String? {
        if checks.isEmpty { return nil }
        if !incompleteBecause.isEmpty { return "INCOMPLETE" }
        return checks.allSatisfy(\.passed) ? "PASS" : "FAIL"
    }

    /// The verdict with its reasons, one line: `INCOMPLETE: stopped by command after 1 of 20 presses`.
    var verdictLine: String {
        switch verdict {
        case "INCOMPLETE": "INCOMPLETE: " + incompleteBecause.joined(separator: "; ")
        case "PASS": "PASS: \(checks.count) of \(checks.count) limits met" + judgedNote
        case "FAIL": "FAIL: \(checks.filter(\.passed).count) of \(checks.count) limits met" + judgedNote
        default:
            "no limits set: statistics only" + (incompleteBecause.isEmpty ? "" : " (incomplete: " + incompleteBecause.joined(separator: "; ") + ")")
        }
    }

    /// ` over 17 of 20 presses (3 excluded)` when presses were left out, else nothing.
    private var judgedNote: String {
        screening.exclusions.isEmpty ? "" : " over \(screening.judged) of \(CountText.of(screening.presses, "press")) (\(screening.exclusions.count) excluded)"
    }

    /// Where `time` (µs, loop clock) lies in the recording: seconds after its first frame, `+4.512s`.
    func offset(_ time: Int64) -> String {
        let first = recording.info.firstTimeMicros ?? replay.series.timesMicros.first ?? 0
        let since = time.subtractingReportingOverflow(first)
        return "+" + FixedDecimal.format(since.overflow ? 0 : max(since.partialValue, 0) / 1000, scale: 3) + "s"
    }
}
