import ForcePadCore
import ForcePadHAL
import Testing

@testable import ForcePadApp

/// The event pump's measure of each stage's click, and the probe of an accelerometer that is
/// not there.
@Suite struct FeltClickFollowerTests {
    static let peek = HapticPatternID(rawValue: 0)
    static let pop = HapticPatternID(rawValue: 1)
    static func name(_ id: HapticPatternID) -> String { id == peek ? "peek" : "pop" }

    /// 1 g at rest with ±2 mg of alternating noise, and a 400 mg vibration from `fromMicros`
    /// to `toMicros`, sampled every 312 µs from 0 to `endMicros`.
    static func samples(vibrating fromMicros: Int64, to toMicros: Int64, endMicros: Int64) -> [AccelerationSample] {
        stride(from: Int64(0), to: endMicros, by: 312).enumerated().map { index, time in
            let vibrating = time >= fromMicros && time < toMicros
            let value: Int32 = vibrating ? (index % 2 == 0 ? 1400 : 600) : (index % 2 == 0 ? 1002 : 998)
            return AccelerationSample(timeMicros: time, milliG: value)
        }
    }

    static func on(_ pattern: HapticPatternID, stage: Int64, line: Int64) -> LoopEvent {
        .haptic(.on(atMicros: stage, pattern: pattern), line: .driven(lineMicros: line, stageMicros: stage))
    }

    static func off(_ pattern: HapticPatternID, at time: Int64) -> LoopEvent {
        .haptic(.off(atMicros: time, pattern: pattern), line: .driven(lineMicros: time, stageMicros: nil))
    }

    @Test func aClickIsMeasuredOnceItsWindowHasItsSamples() throws {
        var follower = FeltClickFollower(stampUncertaintyMicros: 0)
        let all = Self.samples(vibrating: 101_000, to: 130_000, endMicros: 400_000)
        for sample in all where sample.timeMicros < 200_000 { follower.append(sample) }
        follower.follow(Self.on(Self.peek, stage: 100_000, line: 100_100), patternName: Self.name, crossing: CrossingToLine(crossingMicros: 95_000, lineMicros: 100_100, uncertaintyMicros: 12_500))
        follower.follow(Self.off(Self.peek, at: 125_000), patternName: Self.name, crossing: nil)
        #expect(follower.measured(settlingAll: false).isEmpty, "the window runs to 250.1 ms")
        for sample in all where sample.timeMicros >= 200_000 { follower.append(sample) }
        let felt = follower.measured(settlingAll: false)
        let click = try #require(felt.first)
        #expect(felt.count == 1)
        #expect(click.stage == "peek")
        let measured = try #require(click.measurement)
        // The first vibrating sample is at 101.088 ms; the crossing is interpolated from the one before.
        #expect(measured.onsetLatencyMicros > 776 && measured.onsetLatencyMicros <= 1_088)
        #expect(click.feltLatencyMicros == 5_000 + measured.onsetLatencyMicros)
        #expect(measured.peakMilliG >= 390)
        #expect(follower.tally.clicks == 1 && follower.tally.notFelt == 0)
    }

    @Test func aStageDuringTheClickBeforeCutsItsWindowAndTakesItsRest() throws {
        var follower = FeltClickFollower(stampUncertaintyMicros: 0)
        for sample in Self.samples(vibrating: 101_000, to: 200_000, endMicros: 500_000) { follower.append(sample) }
        follower.follow(Self.on(Self.peek, stage: 100_000, line: 100_100), patternName: Self.name, crossing: nil)
        follower.follow(Self.on(Self.pop, stage: 110_000, line: 110_100), patternName: Self.name, crossing: nil)
        let felt = follower.measured(settlingAll: false)
        #expect(felt.map(\.stage) == ["peek", "pop"])
        // Pop's rest is before peek's frame, not peek's vibration: its noise is the rest's.
        let pop = try #require(felt.last?.measurement)
        #expect(pop.noiseRMSMilliG <= 3)
        #expect(felt.last?.feltLatencyMicros == nil, "no reference crossing")
    }

    @Test func aClickNeverFeltIsReportedWithWhy() throws {
        var follower = FeltClickFollower(stampUncertaintyMicros: 0)
        for sample in Self.samples(vibrating: 0, to: 0, endMicros: 400_000) { follower.append(sample) }
        follower.follow(Self.on(Self.peek, stage: 100_000, line: 100_100), patternName: Self.name, crossing: nil)
        let felt = try #require(follower.measured(settlingAll: false).first)
        #expect(felt.result == .failure(.neverFelt(thresholdMilliG: 20)))
        #expect(follower.tally.notFelt == 1)
    }

    @Test func anAccelerometerThatIsNotThereFailsItsProbeInOneLine() {
        let description = AccelerometerDescription(
            model: .adxl345, busDevice: "/dev/i2c-forcepad-none", address: 0x53, range: .fourG, rateHz: 3200, axis: .z)
        let checks = AccelerometerProbe(description: description).run()
        #expect(checks.count == 1)
        #expect(checks.first?.outcome == .fail)
        #expect(checks.first?.detail.contains("/dev/i2c-forcepad-none") == true, "\(checks)")
        #expect(checks.first?.detail.contains("0x53") == true, "\(checks)")
    }
}
