import ForcePadCore
import ForcePadHAL
import ForcePadLabFiles

/// What a trial's analysis measures beside its presses: the held error, the disturbances, the
/// true crossings and peaks, and the stages against the reference.
extension TrialAnalysis {
    /// The static error of each judged press held still (``HeldForceError``), numbered from 1.
    static func heldErrors(
        _ records: [PressRecord], screening: PressScreening, replay: RecordingReplay, settleMicros: Int64
    ) -> [(press: Int, error: HeldForceError)] {
        let times = replay.referenceSamples.map(\.timeMicros)
        let forces = replay.referenceSamples.map { Int64($0.force.milligrams) }
        return records.indices.filter { !screening.isExcluded(index: $0) }.compactMap { index in
            HeldForceError(
                series: replay.series, referenceTimes: times, referenceForces: forces,
                from: records[index].beganMicros, to: records[index].endedMicros ?? .max, settleMicros: settleMicros
            ).map { (index + 1, $0) }
        }
    }

    /// What disturbed the recording: runs of missing frames (from the frames' own times),
    /// reference gaps (readings more than two of its periods apart), and the spans the
    /// sensor or the reference was lost; oldest first.
    static func disturbances(_ recording: Recording, replay: RecordingReplay) -> [TrialDisturbance] {
        let info = recording.info
        let start = info.firstTimeMicros ?? replay.series.timesMicros.first ?? 0
        let end = info.lastTimeMicros ?? replay.series.timesMicros.last ?? 0
        let named = recording.events.map { (timeMicros: $0.timeMicros, name: $0.event) }
        var found = TrialDisturbance.missingFrames(
            timesMicros: replay.series.timesMicros, periodMicros: Int64(1_000_000 / max(info.sampleRateHertz, 1)))
        if let period = info.referencePeriodMicros {
            found += TrialDisturbance.referenceGaps(
                timesMicros: replay.referenceSamples.map(\.timeMicros), periodMicros: period, startMicros: start, endMicros: end)
        }
        found += TrialDisturbance.losses(named, lost: EventName.sensorLost.rawValue, restored: EventName.sensorRestored.rawValue, kind: .sensorLost, endMicros: end)
        found += TrialDisturbance.losses(named, lost: EventName.referenceLost.rawValue, restored: EventName.referenceRestored.rawValue, kind: .referenceLost, endMicros: end)
        return found.sorted { $0.startMicros < $1.startMicros }
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
            let low = references.firstIndex(notBefore: record.beganMicros) { $0.timeMicros }
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
}
