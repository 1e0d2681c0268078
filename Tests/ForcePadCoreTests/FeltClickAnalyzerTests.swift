import ForcePadCore
import Testing

@testable import ForcePadCore

/// The felt-click analysis on hand-made sample series (1 g resting level, 3200 Hz).
@Suite struct FeltClickAnalyzerTests {
    /// 312 µs apart, as 3200 Hz.
    private static let period: Int64 = 312

    /// Samples from 0 µs to `endMicros`: 1000 mg at rest plus `shape(t)`.
    private static func series(until endMicros: Int64, _ shape: (Int64) -> Int32) -> [AccelerationSample] {
        stride(from: Int64(0), through: endMicros, by: Int(period)).map {
            AccelerationSample(timeMicros: $0, milliG: 1000 + shape($0))
        }
    }

    /// A square 200 Hz vibration of `amplitude` mg from `start` to `end` µs, with ±2 mg noise.
    private static func burst(start: Int64, end: Int64, amplitude: Int32) -> (Int64) -> Int32 {
        { time in
            let noise: Int32 = (time / period) % 2 == 0 ? 2 : -2
            guard time >= start, time < end else { return noise }
            return ((time - start) / 2_500) % 2 == 0 ? amplitude : -amplitude
        }
    }

    @Test func aStepOnsetIsInterpolatedAndTheThresholdHasItsFloor() throws {
        let samples = Self.series(until: 60_000, Self.burst(start: 30_100, end: 40_000, amplitude: 500))
        let measurement = try FeltClickAnalyzer().measure(samples.span, stageMicros: 25_000, driveEndMicros: 40_000)
        #expect(measurement.noiseRMSMilliG == 2)
        // 5 × 2 mg is below the 20 mg floor.
        #expect(measurement.thresholdMilliG == 20)
        #expect(measurement.peakMilliG == 500)
        // The first sample at or after 30 100 µs is 30 264 µs (97 × 312); the one before is at
        // rest (2 mg), so the crossing lies 18/498 of a period after it.
        #expect(measurement.onsetLatencyMicros == 29_952 + 312 * 18 / 498 - 25_000)
        #expect(measurement.riseMicros == 0)
        // The last sample before 40 000 µs is 39 936 µs.
        #expect(measurement.aboveThresholdMicros == 39_936 - measurement.onsetLatencyMicros - 25_000)
        #expect(measurement.ringDownMicros == 0)
    }

    @Test func aRampRisesOverItsLengthAndRingsPastTheDrive() throws {
        // Grows linearly over 10 ms to 1000 mg, then decays linearly over 10 ms after 40 ms.
        let samples = Self.series(until: 70_000) { time in
            let sign: Int32 = (time / 2_500) % 2 == 0 ? 1 : -1
            if time < 30_000 { return 0 }
            if time < 40_000 { return sign * Int32((time - 30_000) / 10) }
            if time < 50_000 { return sign * Int32((50_000 - time) / 10) }
            return 0
        }
        let measurement = try FeltClickAnalyzer().measure(samples.span, stageMicros: 29_000, driveEndMicros: 40_000)
        #expect(measurement.noiseRMSMilliG == 0)
        #expect(measurement.peakMilliG >= 990)
        // 10 % → 90 % of a 10 ms ramp: 8 ms, to within a sample period.
        #expect(abs(measurement.riseMicros - 8_000) <= Self.period)
        // Above 20 mg until 200 µs before the decay ends.
        #expect(abs(measurement.ringDownMicros - 9_800) <= Self.period)
    }

    @Test func aNoisyRestRaisesTheThresholdAboveTheFloor() throws {
        let samples = Self.series(until: 60_000) { time in
            let noise: Int32 = (time / Self.period) % 2 == 0 ? 10 : -10
            return time >= 30_000 && time < 35_000 ? 400 : noise
        }
        let measurement = try FeltClickAnalyzer().measure(samples.span, stageMicros: 28_000, driveEndMicros: 35_000)
        #expect(measurement.noiseRMSMilliG == 10)
        #expect(measurement.thresholdMilliG == 50)
    }

    @Test func tooFewRestSamplesAndNoClickAreRefusedWithTheFix() {
        let samples = Self.series(until: 60_000, Self.burst(start: 30_000, end: 40_000, amplitude: 500))
        let early = #expect(throws: FeltClickAnalysisError.self) {
            try FeltClickAnalyzer().measure(samples.span, stageMicros: 1_000, driveEndMicros: 10_000)
        }
        #expect(early == .tooFewRestSamples(found: 4, needed: 8))
        let quiet = Self.series(until: 60_000, Self.burst(start: 30_000, end: 40_000, amplitude: 15))
        let none = #expect(throws: FeltClickAnalysisError.self) {
            try FeltClickAnalyzer().measure(quiet.span, stageMicros: 25_000, driveEndMicros: 40_000)
        }
        #expect(none == .neverFelt(thresholdMilliG: 20))
        #expect(none?.description.contains("check that the accelerometer is fixed to the pad") == true)
    }

    @Test func theIntegerSquareRootIsTheFloorOfTheRoot() {
        #expect(FeltClickAnalyzer.squareRoot(0) == 0)
        #expect(FeltClickAnalyzer.squareRoot(15) == 3)
        #expect(FeltClickAnalyzer.squareRoot(16) == 4)
        #expect(FeltClickAnalyzer.squareRoot(1_000_000_007) == 31_622)
    }

    @Test func aVectorIsReducedToAnAxisOrItsMagnitude() {
        let vector = AccelerationVector(xMilliG: 300, yMilliG: -400, zMilliG: 1200)
        #expect(vector.milliG(along: .y) == -400)
        #expect(vector.milliG(along: .z) == 1200)
        // √(90 000 + 160 000 + 1 440 000) = 1300.
        #expect(vector.milliG(along: .magnitude) == 1300)
        #expect(AccelerationVector(xMilliG: 20_000, yMilliG: 20_000, zMilliG: 20_000).magnitudeMilliG == 34_641)
    }
}
