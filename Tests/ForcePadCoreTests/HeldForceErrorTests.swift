import ForcePadCore
import Testing

/// The static error: pad − reference where the reference held still, once the filter settled.
@Suite struct HeldForceErrorTests {
    /// Frames every ms from 0 to 1 s: the pad reads `pad(t)` (mg).
    static func series(_ pad: (Int64) -> Int64) -> ForceSeries {
        var series = ForceSeries()
        for time in stride(from: Int64(0), through: 1_000_000, by: 1000) {
            series.append(timeMicros: time, total: Force(milligrams: Int32(pad(time))))
        }
        return series
    }

    /// Readings every 10 ms: a ramp to 150 g over 100 ms, 150 g ± 0.8 g to 800 ms, then down.
    static let times = Array(stride(from: Int64(0), through: 1_000_000, by: 10_000))
    static let forces = times.map { time -> Int64 in
        if time < 100_000 { return 1_500 * time / 1000 }
        if time <= 800_000 { return 150_000 + (time / 10_000 % 2 == 0 ? 800 : -800) }
        return max(0, 150_000 - (time - 800_000) * 1_000 / 1000)
    }

    @Test func theErrorIsMeasuredOnTheSettledPartOfTheLongestSteadyStretch() throws {
        let held = try #require(HeldForceError(
            series: Self.series { $0 < 100_000 ? $0 : 160_000 }, referenceTimes: Self.times, referenceForces: Self.forces,
            from: 0, to: 1_000_000, settleMicros: 30_000))
        #expect(held.fromMicros == 130_000 && held.toMicros == 800_000)
        #expect(held.padMilligrams == 160_000)
        #expect(abs(held.referenceMilligrams - 150_000) <= 800)
        #expect(held.errorMilligrams == held.padMilligrams - held.referenceMilligrams)
    }

    @Test func aPressNeverHeldStillLongEnoughHasNone() {
        // Steady for 120 ms only: less than the settling time plus 100 ms.
        #expect(HeldForceError(
            series: Self.series { _ in 160_000 }, referenceTimes: Self.times, referenceForces: Self.forces,
            from: 700_000, to: 1_000_000, settleMicros: 30_000) == nil)
        // A force that keeps rising 20 g every reading.
        #expect(HeldForceError(
            series: Self.series { _ in 0 }, referenceTimes: Self.times, referenceForces: Self.times.map { $0 * 2 },
            from: 0, to: 1_000_000, settleMicros: 0) == nil)
        #expect(HeldForceError(
            series: Self.series { _ in 0 }, referenceTimes: [], referenceForces: [], from: 0, to: 1_000_000, settleMicros: 0) == nil)
    }

    @Test func steadinessIsTwoGramsOrOnePercent() {
        #expect(HeldForceError.steadiness(of: 150_000) == 2_000)
        #expect(HeldForceError.steadiness(of: 1_000_000) == 10_000)
        #expect(HeldForceError.steadiness(of: -500_000) == 5_000)
    }
}
