import ForcePadCore
import Glibc
import Testing

@testable import ForcePadHAL

/// The NAU7802 driver against a register file that behaves like the chip, timed by a shared
/// manual clock: power-up, calibration, conversions, their stamps, tare and scale.
@Suite struct NAU7802Tests {
    private typealias Chip = SimulatedNAU7802<SteppingClock>

    private func converter(
        _ chip: Chip, clock: SteppingClock, gain: Int = 128, rateSPS: Int = 80, countsPerGram: Double? = nil
    ) throws -> NAU7802<Chip, SteppingClock> {
        try NAU7802(
            bus: chip, device: "/dev/i2c-1",
            description: LoadCellADCDescription(device: "/dev/i2c-1", gain: gain, rateSPS: rateSPS, countsPerGram: countsPerGram),
            waitClock: clock)
    }

    @Test func startPowersUpSetsGainAndRateAndCalibrates() throws {
        let clock = SteppingClock()
        var chip = Chip(clock: clock)
        chip.inputCounts = 4_321
        var adc = try converter(chip, clock: clock, gain: 64, rateSPS: 320)
        let started = clock.now
        #expect(try adc.start(clock: clock) == 0x0F)
        // LDO settling, the 344 ms calibration and six 320 SPS conversions.
        #expect(clock.now - started >= 250_000 + 344_000 + 6 * 3_125)
        #expect(clock.now - started < 250_000 + 344_000 + 8 * 3_125)
        #expect(adc.name == "nau7802 on /dev/i2c-1 at 0x2a")
        #expect(adc.samplePeriodMicros == 3_125)
        #expect(try adc.readConversion(clock: clock).counts == 4_321)
    }

    @Test func startLeavesTheRegistersAsTheDatasheetSequenceDoes() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock, gain: 128, rateSPS: 80)
        try adc.start(clock: clock)
        let chip = adc.bus
        // AVDDS, CS, PUR, PUA, PUD (CR comes and goes).
        #expect(chip.value(of: NAU7802Registers.powerUpControl) & ~NAU7802Registers.cycleReady == 0x9E)
        // VLDO 3.0 V, gain 128.
        #expect(chip.value(of: NAU7802Registers.control1) == 0x2F)
        // CRS 80 SPS, CALMOD internal offset, CALS and CAL_ERR clear.
        #expect(chip.value(of: NAU7802Registers.control2) == 0x30)
        #expect(chip.value(of: NAU7802Registers.adc) == 0x30)
        #expect(chip.value(of: NAU7802Registers.power) == 0x80)
        #expect(chip.conversionsRead == NAU7802<Chip, SteppingClock>.settlingConversions)
    }

    @Test func everyRateSetsItsCRSAndPeriod() throws {
        for (rate, code) in [(10, 0), (20, 1), (40, 2), (80, 3), (320, 7)] {
            let clock = SteppingClock()
            var adc = try converter(Chip(clock: clock), clock: clock, rateSPS: rate)
            try adc.start(clock: clock)
            #expect(adc.bus.value(of: NAU7802Registers.control2) == UInt8(code << 4))
            #expect(adc.bus.conversionPeriodMicros == 1_000_000 / Int64(rate))
        }
    }

    @Test func aGainOrRateTheChipLacksIsRefusedWithTheChoices() {
        let clock = SteppingClock()
        let gain = #expect(throws: DeviceError.self) { _ = try converter(Chip(clock: clock), clock: clock, gain: 3) }
        #expect(
            gain?.description
                == "set up the NAU7802 at 0x2a on /dev/i2c-1 failed: gain 3 is not one the NAU7802 has:"
                + " use one of 1, 2, 4, 8, 16, 32, 64, 128")
        let rate = #expect(throws: DeviceError.self) { _ = try converter(Chip(clock: clock), clock: clock, rateSPS: 100) }
        #expect(
            rate?.description
                == "set up the NAU7802 at 0x2a on /dev/i2c-1 failed: 100 SPS is not a NAU7802 rate: use one of 10, 20, 40, 80, 320")
    }

    @Test func anotherChipIsRefusedBeforeAnythingIsWritten() throws {
        let clock = SteppingClock()
        var chip = Chip(clock: clock)
        chip.revision = 0x03
        var adc = try converter(chip, clock: clock)
        let error = #expect(throws: DeviceError.self) { try adc.start(clock: clock) }
        #expect(
            error?.description
                == "start the NAU7802 at 0x2a on /dev/i2c-1 failed: the device answers with revision 0x03,"
                + " not a NAU7802's 0x0f: fit a NAU7802 board or correct the address")
        #expect(adc.bus.value(of: NAU7802Registers.powerUpControl) == 0)
    }

    @Test func aChipThatNeverPowersUpFailsWithinTheBound() throws {
        let clock = SteppingClock()
        var chip = Chip(clock: clock)
        chip.powerUpMicros = .max / 2
        var adc = try converter(chip, clock: clock)
        let started = clock.now
        let error = #expect(throws: DeviceError.self) { try adc.start(clock: clock) }
        #expect(error?.description.contains("PUR did not rise within 1000 ms of PUD") == true)
        #expect(clock.now - started <= 1_001_000)
    }

    @Test func aFailedCalibrationReportsCALERRAndTheFix() throws {
        let clock = SteppingClock()
        var chip = Chip(clock: clock)
        chip.calibrationFails = true
        var adc = try converter(chip, clock: clock)
        let error = #expect(throws: DeviceError.self) { try adc.start(clock: clock) }
        #expect(
            error?.description
                == "calibrate the NAU7802 at 0x2a on /dev/i2c-1 failed: the internal offset calibration failed"
                + " (CAL_ERR): check the load cell's wiring (E+, E−, A+, A−) and lower the gain if its output"
                + " saturates, then restart")
    }

    @Test func aCalibrationThatNeverEndsTimesOut() throws {
        let clock = SteppingClock()
        var chip = Chip(clock: clock)
        chip.calibrationMicros = .max / 2
        var adc = try converter(chip, clock: clock)
        let error = #expect(throws: DeviceError.self) { try adc.start(clock: clock) }
        #expect(error?.description.contains("CALS still set after 2000 ms") == true)
    }

    @Test func aRecalibrationClearsCALSAndStartsConversionsOver() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock)
        try adc.start(clock: clock)
        let before = clock.now
        try adc.calibrate(clock: clock)
        #expect(clock.now - before >= 344_000)
        #expect(adc.bus.value(of: NAU7802Registers.control2) & NAU7802Registers.calibrationStart == 0)
    }

    @Test func twentyFourBitValuesAreSignExtended() {
        typealias ADC = NAU7802<Chip, SteppingClock>
        #expect(ADC.signExtended(high: 0x80, middle: 0x00, low: 0x00) == -8_388_608)
        #expect(ADC.signExtended(high: 0xFF, middle: 0xFF, low: 0xFF) == -1)
        #expect(ADC.signExtended(high: 0x7F, middle: 0xFF, low: 0xFF) == 8_388_607)
        #expect(ADC.signExtended(high: 0x00, middle: 0x00, low: 0x01) == 1)
        #expect(ADC.signExtended(high: 0x12, middle: 0x34, low: 0x56) == 0x123456)
    }

    @Test func negativeConversionsReadBackNegative() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock)
        try adc.start(clock: clock)
        for counts: Int32 in [-8_388_608, -1, -123_456, 8_388_607] {
            adc.bus.inputCounts = counts
            #expect(try adc.readConversion(clock: clock).counts == counts)
        }
    }

    @Test func eachReadWaitsForTheNextConversionAndStampsItsMiddle() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock, rateSPS: 80)
        try adc.start(clock: clock)
        let period: Int64 = 12_500
        var previous = try adc.readConversion(clock: clock).timeMicros
        for _ in 0..<20 {
            let stamp = try adc.readConversion(clock: clock).timeMicros
            // One conversion per read, a period apart, within the poll interval.
            #expect(abs(stamp - previous - period) <= period / 16)
            // The conversion's middle is half a period before CR, which is before the read returned.
            #expect(stamp <= clock.now - period / 2)
            #expect(stamp >= clock.now - period / 2 - period / 16)
            previous = stamp
        }
        #expect(adc.bus.conversionsRead == 6 + 21)
    }

    @Test func betweenConversionsTheReaderSleepsRatherThanPolls() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock, rateSPS: 320)
        try adc.start(clock: clock)
        _ = try adc.readConversion(clock: clock)
        let before = adc.bus.powerUpControlReads
        for _ in 0..<100 { _ = try adc.readConversion(clock: clock) }
        // It wakes two polls before the next conversion is due: about three polls each,
        // where polling from the last read on took sixteen.
        let pollsPerConversion = Double(adc.bus.powerUpControlReads - before) / 100
        #expect(pollsPerConversion <= 4, "\(pollsPerConversion) polls of CR per conversion")
    }

    @Test func aConverterThatNeverBecomesReadyTimesOutAfterTwoPeriods() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock, rateSPS: 10)
        try adc.start(clock: clock)
        adc.bus.neverReady = true
        let started = clock.now
        let error = #expect(throws: DeviceError.self) { _ = try adc.readConversion(clock: clock) }
        #expect(
            error?.description
                == "read the NAU7802 at 0x2a on /dev/i2c-1 failed: no conversion was ready within 200 ms"
                + " (two periods at 10 SPS): check the chip's supply and that nothing else on the bus resets it,"
                + " then restart")
        #expect(clock.now - started >= 200_000)
        #expect(clock.now - started <= 200_000 + 6_250)
    }

    @Test func aBusFailureIsThrownAtOnceWithTheBusMessage() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock)
        try adc.start(clock: clock)
        adc.bus.failingTransfers = 1
        let error = #expect(throws: DeviceError.self) { _ = try adc.readConversion(clock: clock) }
        #expect(error?.errno == EREMOTEIO)
        #expect(error?.description.hasPrefix("read byte 0x00 from 0x2a on the sim board failed: ") == true)
        #expect(try adc.readConversion(clock: clock).counts == 0)
    }

    @Test func tareAndAKnownWeightGiveGrams() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock)
        try adc.start(clock: clock)
        adc.bus.inputCounts = -2_000
        try adc.tare(readings: 8, clock: clock)
        #expect(adc.tareCounts == -2_000)
        adc.bus.inputCounts = -2_000 + 200 * 421
        #expect(try adc.measureScale(knownWeight: .grams(200), readings: 8, clock: clock) == 421)
        adc.bus.inputCounts = -2_000 + Int32((150.25 * 421).rounded())
        let sample = try adc.read(clock: clock)
        #expect(abs(sample.force.milligrams - 150_250) <= 2)
        adc.bus.inputCounts = -2_000 - 10 * 421
        #expect(try adc.read(clock: clock).force == .grams(-10))
    }

    @Test func aScaleIsRefusedForNoWeightOrOneThatDoesNotMoveTheReading() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock)
        try adc.start(clock: clock)
        try adc.tare(readings: 4, clock: clock)
        let none = #expect(throws: DeviceError.self) { _ = try adc.measureScale(knownWeight: .zero, readings: 4, clock: clock) }
        #expect(none?.description.hasSuffix("the known weight must be more than 0 g, not 0g") == true)
        adc.bus.inputCounts = 40
        let still = #expect(throws: DeviceError.self) { _ = try adc.measureScale(knownWeight: .grams(100), readings: 4, clock: clock) }
        #expect(
            still?.description
                == "scale the NAU7802 at 0x2a on /dev/i2c-1 failed: 100g on the load cell moved the reading by 40"
                + " counts only: check that the weight rests on the load cell, its wiring (A+, A−) and the gain,"
                + " then measure again")
        #expect(adc.countsPerGram == nil)
    }

    @Test func aReadingWithoutAScaleSaysWhereToSetIt() throws {
        let clock = SteppingClock()
        var adc = try converter(Chip(clock: clock), clock: clock)
        try adc.start(clock: clock)
        let error = #expect(throws: DeviceError.self) { _ = try adc.read(clock: clock) }
        #expect(
            error?.description
                == "read the NAU7802 at 0x2a on /dev/i2c-1 failed: the load cell has no scale: set scale (counts"
                + " per gram) in the board's [reference] table, measured as docs/reference-sensors.md says")
    }
}
