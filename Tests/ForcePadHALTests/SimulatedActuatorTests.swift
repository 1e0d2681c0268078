import ForcePadCore
import Testing

@testable import ForcePadHAL

/// The simulated actuators measured by the simulated ADXL345 and the felt-click analysis:
/// the physics go the way the real parts do.
@Suite struct SimulatedActuatorTests {
    private static let lra = SimulatedActuatorKind.lra(resonanceHz: 175, quality: 10)
    private static let erm = SimulatedActuatorKind.erm(spinUpMicros: 50_000, coastMicros: 100_000, ratedHz: 200)
    /// The stage at 50 ms, the drive from 51 ms for 40 ms.
    private static let stageMicros: Int64 = 50_000

    private static func measure(_ kind: SimulatedActuatorKind, _ drive: SimulatedDrive, seed: UInt64 = 7) throws
        -> FeltClickMeasurement
    {
        var actuator = SimulatedActuator(kind: kind, ratedMilliG: 1200)
        var sensor = SimulatedADXL345(seed: seed, range: .fourG)
        var samples = [AccelerationSample](repeating: AccelerationSample(timeMicros: 0, milliG: 0), count: 1600)
        var output = samples.mutableSpan
        sensor.sample(&actuator, under: drive, from: 0, into: &output)
        _ = consume output
        return try FeltClickAnalyzer().measure(samples.span, stageMicros: stageMicros, driveEndMicros: drive.endMicros)
    }

    private static func click(level: Int32 = 1000, overdriveMicros: Int64 = 0, brakeMicros: Int64 = 0) -> SimulatedDrive {
        SimulatedDrive(
            startMicros: 51_000, durationMicros: 40_000, levelPerMille: level, overdriveMicros: overdriveMicros,
            brakeMicros: brakeMicros)
    }

    /// 12 ms of double drive: about the τ × ln 2 an LRA of τ = 18 ms takes to reach its rated
    /// amplitude, where a DRV2605L's closed loop would end the overdrive.
    @Test func overdriveShortensTheLRAsOnsetAndRise() throws {
        let plain = try Self.measure(Self.lra, Self.click())
        let overdriven = try Self.measure(Self.lra, Self.click(overdriveMicros: 12_000))
        #expect(overdriven.onsetLatencyMicros <= plain.onsetLatencyMicros)
        #expect(overdriven.riseMicros * 2 < plain.riseMicros)
    }

    @Test func brakingShortensTheRingDown() throws {
        for kind in [Self.lra, Self.erm] {
            let coasting = try Self.measure(kind, Self.click())
            let braked = try Self.measure(kind, Self.click(brakeMicros: 25_000))
            #expect(braked.ringDownMicros * 2 < coasting.ringDownMicros, "\(kind)")
        }
    }

    @Test func aBiggerDriveGivesAHigherPeak() throws {
        let half = try Self.measure(Self.lra, Self.click(level: 500))
        let full = try Self.measure(Self.lra, Self.click(level: 1000))
        #expect(full.peakMilliG > half.peakMilliG * 3 / 2)
        // Rated drive for 40 ms, over two time constants of 18 ms: near the 1200 mg rated.
        #expect(full.peakMilliG > 1000 && full.peakMilliG < 1300)
    }

    @Test func anERMIsFeltFarLaterThanAnOverdrivenLRA() throws {
        let erm = try Self.measure(Self.erm, Self.click())
        let lra = try Self.measure(Self.lra, Self.click(overdriveMicros: 12_000))
        #expect(erm.onsetLatencyMicros > lra.onsetLatencyMicros * 3)
        #expect(erm.riseMicros > lra.riseMicros * 2)
    }

    @Test func theSameSeedGivesTheSameSamplesAndTheNoiseHasItsRMS() throws {
        let first = try Self.measure(Self.lra, Self.click(), seed: 11)
        let again = try Self.measure(Self.lra, Self.click(), seed: 11)
        #expect(first == again)
        // 4 mg RMS, quantised to 3.9 mg steps.
        #expect(first.noiseRMSMilliG >= 2 && first.noiseRMSMilliG <= 6)
    }

    @Test func theADXL345QuantisesAndClipsAsTheChip() {
        let fullResolution = SimulatedADXL345(seed: 1, range: .twoG)
        #expect(fullResolution.quantised(1000) == 1000)
        // 3.9 mg steps: 5 mg is one code, 3 mg.
        #expect(fullResolution.quantised(5) == 3)
        // ±2 g full resolution: codes −512 to 511.
        #expect(fullResolution.quantised(5_000) == 1996)
        #expect(fullResolution.quantised(-5_000) == -2000)
        let tenBit = SimulatedADXL345(seed: 1, range: .sixteenG, fullResolution: false)
        // 32 LSB/g: 31.25 mg steps, 511 codes.
        #expect(tenBit.quantised(40) == 31)
        #expect(tenBit.quantised(20_000) == 15_968)
    }
}
