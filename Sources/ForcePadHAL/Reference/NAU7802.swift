import ForcePadCore

/// A load cell through a Nuvoton NAU7802 24-bit ADC on I2C (the SparkFun Qwiic Scale and
/// Adafruit NAU7802 boards), read as a reference force source.
///
/// Register map and procedures: ``NAU7802Registers`` lists every register and bit used
/// (PU_CTRL 0x00, CTRL1 0x01, CTRL2 0x02, ADCO_B2–B0 0x12–0x14, ADC 0x15, PGA 0x1B, POWER 0x1C,
/// REVISION_ID 0x1F), with the datasheet sections they come from.
/// - Start (``start(clock:)``): REVISION_ID low nibble must be 0xF; RR = 1 then RR = 0 with
///   PUD = 1 (reset, power up the digital side); PUR read every ms until set, for up to
///   100 ms; PUA = 1 with AVDDS = 1 (internal LDO); CTRL1 VLDO 3.0 V and the gain; CTRL2 the
///   rate with CALMOD 00; ADC = 0x30 (clock chopper off) and POWER PGA_CAP_EN, as the
///   datasheet's power-on sequence (9.1) does; 250 ms for the LDO to settle (SparkFun's
///   figure); CS = 1 starts conversions; then the internal offset calibration and
///   ``settlingConversions`` conversions discarded.
/// - Internal offset calibration (``calibrate(clock:)``): CTRL2 CALMOD 00 with CALS = 1;
///   CTRL2 read every ms until CALS clears, for up to 2 s (SparkFun measured about 344 ms);
///   CAL_ERR set means it failed.
/// - Conversion (``readConversion(clock:)``): a sleep until two polls before the next
///   conversion is due (a period after the last was found ready), then PU_CTRL read every
///   period/16 (at least 200 µs) until CR is set, for up to two conversion periods from the
///   call; then ADCO_B2, B1, B0 (the Linux IIO driver's order, byte reads), sign-extended
///   from 24 bits. About three reads of CR per conversion, so the reader thread wakes a few
///   times per conversion, not sixteen.
///
/// Stamp: CR rises at the end of a conversion; it is placed midway between the last poll that
/// found it clear and the poll that found it set (or, after a pause, within the last
/// conversion period), and the reading is stamped half a conversion period earlier, the
/// middle of the conversion that produced it.
///
/// Tare and scale: ``tare(readings:clock:)`` averages conversions with nothing on the load
/// cell into ``tareCounts``; ``measureScale(knownWeight:readings:clock:)`` averages them under
/// a known weight into ``countsPerGram``. A reading is `(counts − tareCounts) / countsPerGram`
/// grams.
///
/// Transfers are single SMBus byte transfers, not retried: an error is thrown at once with the
/// bus's message, and the reader tries again on its next period. Waits between polls are
/// slept on `waitClock` (the reader's clock, a ``MonotonicClock`` on a real board), since the
/// clock a reading is stamped on is only borrowed.
public struct NAU7802<Bus: ByteRegisterBus & ~Copyable, WaitClock: LoopClock>: ~Copyable, ReferenceForceSource {
    /// Conversions discarded after start and calibration while the digital filter settles
    /// (the Linux driver's minimum, 6).
    public static var settlingConversions: Int { 6 }
    /// How long PUR may take to rise after PUD (µs); the datasheet's typical is 200 µs. A
    /// second: far beyond a working chip, and only paid when one does not answer.
    static var powerUpTimeoutMicros: Int64 { 1_000_000 }
    /// How long the LDO takes to settle before calibrating (µs).
    static var ldoSettleMicros: Int64 { 250_000 }
    /// How long an internal offset calibration may take (µs).
    static var calibrationTimeoutMicros: Int64 { 2_000_000 }
    /// The interval between reads of PUR or CALS (µs).
    static var statusPollMicros: Int64 { 1_000 }

    /// The adapter's device, e.g. `/dev/i2c-1`.
    public let device: String
    /// The chip's 7-bit address.
    public let address: UInt8
    /// The PGA gain (1 to 128).
    public let gain: Int
    /// Conversions per second (10, 20, 40, 80 or 320).
    public let rateSPS: Int
    /// The counts with nothing on the load cell (24-bit, Q0).
    public private(set) var tareCounts: Int32 = 0
    /// The load cell's sensitivity (counts per gram); nil until measured or set.
    public var countsPerGram: Double?
    /// The bus the chip is on (internal so register-level tests can reach the simulated chip).
    var bus: Bus
    private var waitClock: WaitClock
    /// When the last conversion was read (µs, on the reading clock); nil before the first.
    private var lastReadMicros: Int64?
    /// When the last conversion was found ready (µs on the reading clock); the next is due one
    /// period later, so the reader sleeps until shortly before then instead of polling.
    private var lastReadyMicros: Int64?

    /// Takes the bus the chip is on and the converter's settings; nothing is sent until
    /// ``start(clock:)``. Fails on a gain or rate the chip does not have.
    public init(
        bus: consuming Bus, device: String, description: LoadCellADCDescription, waitClock: WaitClock
    ) throws(DeviceError) {
        guard LoadCellADCDescription.gains.contains(description.gain) else {
            throw DeviceError(
                operation: "set up the NAU7802 at \(I2CBus.hex(description.address)) on \(device)", errno: 0,
                hint: "gain \(description.gain) is not one the NAU7802 has: use one of "
                    + LoadCellADCDescription.gains.map(String.init).joined(separator: ", "))
        }
        guard LoadCellADCDescription.ratesSPS.contains(description.rateSPS) else {
            throw DeviceError(
                operation: "set up the NAU7802 at \(I2CBus.hex(description.address)) on \(device)", errno: 0,
                hint: "\(description.rateSPS) SPS is not a NAU7802 rate: use one of "
                    + LoadCellADCDescription.ratesSPS.map(String.init).joined(separator: ", "))
        }
        self.device = device
        address = description.address
        gain = description.gain
        rateSPS = description.rateSPS
        countsPerGram = description.countsPerGram
        self.bus = bus
        self.waitClock = waitClock
    }

    public var name: String { "nau7802 on \(device) at \(I2CBus.hex(address))" }

    /// One conversion period (µs).
    public var samplePeriodMicros: Int64 { 1_000_000 / Int64(rateSPS) }

    /// Checks the chip, resets it, powers it up, sets gain and rate, starts conversions and
    /// runs the internal offset calibration. Returns REVISION_ID's revision (0xF).
    @discardableResult
    public mutating func start(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> UInt8 {
        let revision = try read(NAU7802Registers.revision) & NAU7802Registers.revisionMask
        guard revision == NAU7802Registers.nau7802Revision else {
            throw failure(
                "start",
                "the device answers with revision \(I2CBus.hex(revision)), not a NAU7802's 0x0f:"
                    + " fit a NAU7802 board or correct the address")
        }
        try write(NAU7802Registers.registerReset, to: NAU7802Registers.powerUpControl)
        try write(NAU7802Registers.powerUpDigital, to: NAU7802Registers.powerUpControl)
        try waitForPowerUp(clock: clock)
        let powered = NAU7802Registers.powerUpDigital | NAU7802Registers.powerUpAnalog | NAU7802Registers.internalLDO
        try write(powered, to: NAU7802Registers.powerUpControl)
        try write(NAU7802Registers.ldo3Volts | gainCode, to: NAU7802Registers.control1)
        try write(rateCode << NAU7802Registers.rateShift, to: NAU7802Registers.control2)
        try write(NAU7802Registers.adcChopperOff, to: NAU7802Registers.adc)
        try write(NAU7802Registers.pgaCapacitorEnable, to: NAU7802Registers.power)
        waitClock.sleep(untilMicros: waitClock.nowMicros() + Self.ldoSettleMicros)
        try write(powered | NAU7802Registers.cycleStart, to: NAU7802Registers.powerUpControl)
        try calibrate(clock: clock)
        return revision
    }

    /// Runs the internal offset calibration (after a change of gain or rate, or of
    /// temperature) and discards the conversions that follow while the filter settles.
    public mutating func calibrate(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        let control2 = rateCode << NAU7802Registers.rateShift | NAU7802Registers.internalOffsetCalibration
        try write(control2 | NAU7802Registers.calibrationStart, to: NAU7802Registers.control2)
        let deadline = clock.nowMicros() + Self.calibrationTimeoutMicros
        var status = try read(NAU7802Registers.control2)
        while status & NAU7802Registers.calibrationStart != 0 {
            guard clock.nowMicros() < deadline else {
                throw failure(
                    "calibrate",
                    "CALS still set after \(Self.calibrationTimeoutMicros / 1000) ms: check the chip's supply"
                        + " (VDD and the AVDD it makes), then restart")
            }
            waitClock.sleep(untilMicros: waitClock.nowMicros() + Self.statusPollMicros)
            status = try read(NAU7802Registers.control2)
        }
        guard status & NAU7802Registers.calibrationError == 0 else {
            throw failure(
                "calibrate",
                "the internal offset calibration failed (CAL_ERR): check the load cell's wiring"
                    + " (E+, E−, A+, A−) and lower the gain if its output saturates, then restart")
        }
        lastReadMicros = nil
        lastReadyMicros = nil
        for _ in 0..<Self.settlingConversions {
            _ = try readConversion(clock: clock)
        }
    }

    /// Waits for the next conversion and returns it (signed 24-bit counts) with the middle of
    /// the conversion (µs on `clock`). Waits at most two conversion periods.
    public mutating func readConversion(
        clock: borrowing some LoopClock & ~Copyable
    ) throws(DeviceError) -> (counts: Int32, timeMicros: Int64) {
        let period = samplePeriodMicros
        let started = clock.nowMicros()
        let deadline = started + 2 * period
        let pollMicros = max(period / 16, 200)
        var clearSince = max(lastReadMicros ?? started - period, started - period)
        var readyMicros: Int64
        // The next conversion is due a period after the last one was ready: sleep until two
        // polls before then, so CR is polled a few times per conversion rather than sixteen.
        if let lastReady = lastReadyMicros {
            let early = lastReady + period - 2 * pollMicros - clock.nowMicros()
            if early > 0 { waitClock.sleep(untilMicros: waitClock.nowMicros() + early) }
        }
        while true {
            let polled = clock.nowMicros()
            if try read(NAU7802Registers.powerUpControl) & NAU7802Registers.cycleReady != 0 {
                readyMicros = clearSince + (polled - clearSince) / 2
                break
            }
            guard polled < deadline else {
                throw failure(
                    "read",
                    "no conversion was ready within \(2 * period / 1000) ms (two periods at \(rateSPS) SPS):"
                        + " check the chip's supply and that nothing else on the bus resets it, then restart")
            }
            clearSince = polled
            waitClock.sleep(untilMicros: waitClock.nowMicros() + pollMicros)
        }
        let high = try read(NAU7802Registers.conversionHigh)
        let middle = try read(NAU7802Registers.conversionMiddle)
        let low = try read(NAU7802Registers.conversionLow)
        lastReadMicros = clock.nowMicros()
        lastReadyMicros = readyMicros
        return (Self.signExtended(high: high, middle: middle, low: low), readyMicros - period / 2)
    }

    /// Averages `readings` conversions with nothing on the load cell and keeps them as the
    /// tare (``tareCounts``).
    public mutating func tare(readings: Int, clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        tareCounts = try averageCounts(readings, clock: clock)
    }

    /// Averages `readings` conversions with `knownWeight` on the tared load cell and sets
    /// ``countsPerGram`` from them; returns it. Refuses a weight that barely moves the reading.
    @discardableResult
    public mutating func measureScale(
        knownWeight: Force, readings: Int, clock: borrowing some LoopClock & ~Copyable
    ) throws(DeviceError) -> Double {
        guard knownWeight.milligrams > 0 else {
            throw failure("scale", "the known weight must be more than 0 g, not \(knownWeight)")
        }
        let loaded = try averageCounts(readings, clock: clock)
        let moved = Int64(loaded) - Int64(tareCounts)
        guard abs(moved) >= Self.smallestScaleCounts else {
            throw failure(
                "scale",
                "\(knownWeight) on the load cell moved the reading by \(moved) counts only: check that the"
                    + " weight rests on the load cell, its wiring (A+, A−) and the gain, then measure again")
        }
        let scale = Double(moved) / knownWeight.gramsValue
        countsPerGram = scale
        return scale
    }

    /// The smallest change a known weight must make for a scale to be measured (counts): below
    /// it the scale would be mostly the converter's noise.
    static var smallestScaleCounts: Int64 { 100 }

    public mutating func read(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) -> ReferenceSample {
        guard let scale = countsPerGram else {
            throw failure(
                "read",
                "the load cell has no scale: set scale (counts per gram) in the board's [reference]"
                    + " table, measured as docs/reference-sensors.md says")
        }
        let conversion = try readConversion(clock: clock)
        let grams = Double(Int64(conversion.counts) - Int64(tareCounts)) / scale
        return ReferenceSample(timeMicros: conversion.timeMicros, force: .fromGrams(grams))
    }

    /// A 24-bit two's-complement value (B2 most significant) as a signed count.
    static func signExtended(high: UInt8, middle: UInt8, low: UInt8) -> Int32 {
        let raw = UInt32(high) << 24 | UInt32(middle) << 16 | UInt32(low) << 8
        return Int32(bitPattern: raw) >> 8
    }

    private var gainCode: UInt8 { UInt8(gain.trailingZeroBitCount) }

    /// CTRL2 CRS for the rate: 10, 20, 40, 80 SPS are 0 to 3, 320 SPS is 7.
    private var rateCode: UInt8 { rateSPS == 320 ? 7 : UInt8((rateSPS / 10).trailingZeroBitCount) }

    private mutating func waitForPowerUp(clock: borrowing some LoopClock & ~Copyable) throws(DeviceError) {
        let deadline = clock.nowMicros() + Self.powerUpTimeoutMicros
        while try read(NAU7802Registers.powerUpControl) & NAU7802Registers.powerUpReady == 0 {
            guard clock.nowMicros() < deadline else {
                throw failure(
                    "power up",
                    "PUR did not rise within \(Self.powerUpTimeoutMicros / 1000) ms of PUD: check the chip's"
                        + " supply (VDD, GND), then restart")
            }
            waitClock.sleep(untilMicros: waitClock.nowMicros() + Self.statusPollMicros)
        }
    }

    private mutating func averageCounts(
        _ readings: Int, clock: borrowing some LoopClock & ~Copyable
    ) throws(DeviceError) -> Int32 {
        guard readings > 0 else { throw failure("average", "average at least 1 reading, not \(readings)") }
        var sum: Int64 = 0
        for _ in 0..<readings {
            sum += Int64(try readConversion(clock: clock).counts)
        }
        return Int32((Double(sum) / Double(readings)).rounded())
    }

    private func failure(_ operation: String, _ hint: String) -> DeviceError {
        DeviceError(operation: "\(operation) the NAU7802 at \(I2CBus.hex(address)) on \(device)", errno: 0, hint: hint)
    }

    private mutating func read(_ register: UInt8) throws(DeviceError) -> UInt8 {
        try bus.readByteData(register: register, from: address)
    }

    private mutating func write(_ value: UInt8, to register: UInt8) throws(DeviceError) {
        try bus.writeByteData(value, register: register, to: address)
    }
}
