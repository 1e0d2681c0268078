import ForcePadCore
import ForcePadHAL

/// Measures a recording's stage clicks again, from its replayed loop events and its
/// accelerometer samples, as the live event pump did (``FeltClickFollower``): samples are
/// handed on in time order up to each event, and each click is measured once the samples
/// after its window have come. Only frame times, the samples and the reference readings decide
/// a measurement, so a recording replays its `haptic.felt` events exactly.
enum ReplayedFeltClicks {
    static func measure(
        _ events: [LoopEvent], samples: [AccelerationSample], references: ReferenceReadings?, thresholds: Thresholds,
        patternName: (HapticPatternID) -> String
    ) -> [HapticFelt] {
        var follower = FeltClickFollower(stampUncertaintyMicros: 0)
        var pulses = StagePulseCrossing(thresholds: thresholds)
        var felt: [HapticFelt] = []
        var next = 0
        func handOn(through time: Int64) {
            while next < samples.count, samples[next].timeMicros <= time {
                follower.append(samples[next])
                next += 1
                felt += follower.measured(settlingAll: false)
            }
        }
        for event in events {
            handOn(through: event.eventTimeMicros)
            let crossing = references.flatMap { readings in
                pulses.follow(
                    event, patternName: patternName, samplePeriodMicros: readings.samplePeriodMicros,
                    crossing: { readings.crossing(of: $0, stageMicros: $1, windowStartMicros: $2) })
            }
            follower.follow(event, patternName: patternName, crossing: crossing)
        }
        handOn(through: .max)
        return felt + follower.measured(settlingAll: true)
    }
}
