import ForcePadCore
import ForcePadHAL

extension RecordingReplay {
    /// The replays of a trial's parts, each run on its own (a part starts from its own tare,
    /// as it was recorded), one after the other: what they gave and compared in all, and the
    /// first difference with the part it is in (`part dome-a-2: event 12: …`).
    /// `referencePeriodMicros` is the reference sensor's interval between readings (nil without one).
    init(joining parts: [(name: String, replay: RecordingReplay)], referencePeriodMicros: Int64?) {
        precondition(!parts.isEmpty, "a trial has at least one part")
        var series = ForceSeries()
        for (_, replay) in parts {
            let part = replay.series
            for index in 0..<part.count {
                series.append(timeMicros: part.timesMicros[index], total: Force(milligrams: part.totals[index]), place: part.places[index])
            }
        }
        self.series = series
        loopEvents = parts.flatMap(\.replay.loopEvents)
        events = parts.flatMap(\.replay.events)
        compared = parts.reduce(0) { $0 + $1.replay.compared }
        difference = parts.lazy.compactMap { name, replay in replay.difference.map { "part \(name): \($0)" } }.first
        patternNames = parts[0].replay.patternNames
        let samples = parts.flatMap(\.replay.referenceSamples)
        referenceSamples = samples
        references = referencePeriodMicros.map { ReferenceReadings(samples, samplePeriodMicros: $0) }
        thresholds = parts[0].replay.thresholds
        felt = parts.flatMap(\.replay.felt)
    }
}
