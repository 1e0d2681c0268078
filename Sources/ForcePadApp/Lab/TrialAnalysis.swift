import ForcePadShell
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
    /// Why the trial cannot be judged (stopped early, frames lost, sensor lost, settings
    /// changed); empty when it is complete.
    let incompleteBecause: [String]
    /// Each stage's pad estimate against the reference force at firing; empty when the
    /// recording has no reference channel.
    let referenceComparisons: [StageReferenceComparison]
    /// Peek and pop judged against the truth: which presses missed each (``StageDetection``).
    let detections: [StageDetection]
    /// Each press's true peak force and where it came from (``truePeaks(_:references:)``).
    let truePeaks: (forces: [Force?], basis: StageDetection.Basis)
    /// Haptic pulses: pattern name, line on and off (µs, loop time of the periods).
    let pulses: [(pattern: String, onMicros: Int64, offMicros: Int64)]

    init(_ recording: Recording, board: BoardDescription, settings: ControllerSettings) throws(CommandFailure) {
        self.recording = recording
        let info = recording.info
        limits = info.limits ?? .none
        limitsSource = info.limits == nil
            ? "not stored (a format \(info.formatVersion) recording): no limits checked"
            : "\(info.limitsSource ?? "unknown"), stored with the recording when it started"
        let recorded = recording.info.recordedSettings(over: settings)
        replay = try RecordingReplay(recording, board: board, settings: recorded)
        thresholds = recorded.thresholds
        hysteresis = recorded.hysteresis
        var assembler = PressRecordAssembler()
        var pulses: [(String, Int64, Int64)] = []
        var openPulse: (String, Int64)?
        for event in recording.events {
            if let press = event.pressEvent { assembler.add(press) }
            switch event.event {
            case "haptic.on":
                if let stage = PressStage(rawValue: event.pattern ?? ""), let line = event.lineMicros {
                    assembler.addHapticOn(stage: stage, atMicros: event.timeMicros, lineMicros: line)
                }
                openPulse = (event.pattern ?? "", event.timeMicros)
            case "haptic.off":
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
        statistics = TrialStatistics(records: records, thresholds: thresholds)
        referenceComparisons = Self.referenceComparisons(recording.events)
        let peaks = Self.truePeaks(records, references: replay.referenceSamples)
        truePeaks = peaks
        let stored = limits
        let detections = [(PressStage.peek, recorded.thresholds.peek, recorded.hysteresis.peek), (.pop, recorded.thresholds.pop, recorded.hysteresis.pop)]
            .map { stage, threshold, band in
                StageDetection(
                    stage: stage, records: records, peaks: peaks.forces, threshold: threshold,
                    margin: stored.limits(of: stage).missMargin ?? band, basis: peaks.basis)
            }
        self.detections = detections
        checks = statistics.check(stored, references: referenceComparisons)
            + detections.compactMap { detection in stored.limits(of: detection.stage).missesMax.map { detection.check(missesMax: $0) } }
        incompleteBecause = TrialCompleteness.reasons(info, events: recording.events)
    }

    /// `records` with each firing's reference force and, when the line was driven and the
    /// readings show the true crossing (``ReferenceReadings/crossing(of:stageMicros:windowStartMicros:)``,
    /// looking back to the end of the press before), its ``CrossingLatency``: the crossing, the
    /// frame where the filtered total reached the threshold (from the replay's `series`), the
    /// stage's frame and the line's edge.
    static func measuringCrossings(
        _ records: [PressRecord], series: ForceSeries, thresholds: Thresholds, references: ReferenceReadings
    ) -> [PressRecord] {
        var measured = records
        for index in measured.indices {
            let windowStart = index > 0 ? measured[index - 1].endedMicros ?? .min : .min
            func measure(_ firing: StageFiring?, threshold: Force) -> StageFiring? {
                guard var firing else { return nil }
                firing.referenceForce = references.force(atMicros: firing.timeMicros)
                if let stageToLine = firing.latencyMicros,
                    let crossing = references.crossing(of: threshold, stageMicros: firing.timeMicros, windowStartMicros: windowStart),
                    let padCrossing = series.runStart(atOrAbove: threshold, holding: firing.timeMicros)
                {
                    firing.crossing = CrossingLatency(
                        crossingMicros: crossing, padCrossingMicros: padCrossing, stageMicros: firing.timeMicros,
                        lineMicros: firing.timeMicros + stageToLine, uncertaintyMicros: references.samplePeriodMicros)
                }
                return firing
            }
            measured[index].peek = measure(measured[index].peek, threshold: thresholds.peek)
            measured[index].pop = measure(measured[index].pop, threshold: thresholds.pop)
        }
        return measured
    }

    /// Each press's true peak force: the highest reference reading from its start to its end
    /// when the recording has readings (nil for a press without one), else the pad's peak.
    static func truePeaks(_ records: [PressRecord], references: [ReferenceSample]) -> (forces: [Force?], basis: StageDetection.Basis) {
        guard !references.isEmpty else { return (records.map(\.peakForce), .pad) }
        // Readings are oldest first: each press scans only its own, found by binary search.
        let forces = records.map { record -> Force? in
            var low = 0, high = references.count
            while low < high {
                let middle = (low + high) / 2
                if references[middle].timeMicros < record.beganMicros { low = middle + 1 } else { high = middle }
            }
            let end = record.endedMicros ?? .max
            return references[low...].prefix { $0.timeMicros <= end }.map(\.force).max()
        }
        return (forces, .reference)
    }

    /// Peek and pop as recorded (`force_g`, `reference_g`), judged against the reference.
    static func referenceComparisons(_ events: [RecordedEvent]) -> [StageReferenceComparison] {
        func milligrams(_ grams: Double) -> Int64 { Int64(Force.fromGrams(grams).milligrams) }
        return [PressStage.peek, .pop].compactMap { stage in
            let firings = events.filter { $0.event == "press.\(stage.rawValue)" }.map {
                (pad: milligrams($0.forceGrams ?? 0), reference: $0.referenceGrams.map(milligrams))
            }
            return StageReferenceComparison(stage: stage, firings: firings)
        }
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
        case "PASS": "PASS: \(checks.count) of \(checks.count) limits met"
        case "FAIL": "FAIL: \(checks.filter(\.passed).count) of \(checks.count) limits met"
        default:
            "no limits set: statistics only" + (incompleteBecause.isEmpty ? "" : " (incomplete: " + incompleteBecause.joined(separator: "; ") + ")")
        }
    }
}
