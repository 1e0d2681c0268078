import ForcePadCore
import Glibc

/// A NAU7802's register file that behaves like the chip, for register-level tests and the
/// `sim` board, timed by the clock it is given: PUR rises ``powerUpMicros`` after PUD is set;
/// with PUD, PUA, PUR and CS set, a conversion completes every period of the rate in CTRL2
/// CRS (from the moment CS or CRS was written), setting CR; CR clears when ADCO_B0 is read;
/// ADCO_B2 latches ``inputCounts`` so the three bytes of a reading belong together. CALS
/// written 1 reads 1 for ``calibrationMicros``, then clears, with CAL_ERR set if
/// ``calibrationFails``; conversions start over once it ends. RR resets every register to its
/// power-on value.
///
/// Faults can be injected: a failing calibration, conversions that never complete
/// (``neverReady``), another chip's revision and transfers that fail (EREMOTEIO).
public struct SimulatedNAU7802<Clock: LoopClock>: ByteRegisterBus {
    /// The 7-bit address the chip answers at.
    public let address: UInt8
    /// What the converter measures (signed 24-bit counts); negative values read back negative.
    public var inputCounts: Int32 = 0
    /// REVISION_ID, 0x0F on a NAU7802.
    public var revision: UInt8 = NAU7802Registers.nau7802Revision
    /// How long PUR takes to rise after PUD (µs; the datasheet's typical 200 µs).
    public var powerUpMicros: Int64 = 200
    /// How long an internal offset calibration takes (µs; SparkFun measured about 344 ms).
    public var calibrationMicros: Int64 = 344_000
    /// Whether the next calibrations set CAL_ERR.
    public var calibrationFails = false
    /// Whether conversions never complete (CR never set).
    public var neverReady = false
    /// The next this many transfers fail.
    public var failingTransfers = 0
    /// Conversions read (ADCO_B0 reads).
    public private(set) var conversionsRead = 0
    /// Reads of PU_CTRL (where CR, conversion ready, is polled).
    public private(set) var powerUpControlReads = 0
    private let clock: Clock
    private var registers: [UInt8]
    private var poweredUpAt: Int64?
    private var calibrationEndsAt: Int64?
    private var calibrationFailed = false
    /// When conversions (re)started (µs), nil while they are stopped.
    private var conversionsStartedAt: Int64?
    /// How many conversions had completed when ADCO_B0 was last read.
    private var conversionsConsumed: Int64 = 0
    private var latchedCounts: Int32 = 0

    /// A NAU7802 at `address` with its power-on register values, timed by `clock`.
    public init(address: UInt8 = LoadCellADCDescription.defaultAddress, clock: Clock) {
        self.address = address
        self.clock = clock
        registers = [UInt8](repeating: 0, count: NAU7802Registers.count)
    }

    /// The value of `register` as a read would return it, without a read's side effects.
    public func value(of register: UInt8) -> UInt8 {
        let now = clock.nowMicros()
        switch register {
        case NAU7802Registers.powerUpControl:
            var value = registers[Int(register)] & ~(NAU7802Registers.powerUpReady | NAU7802Registers.cycleReady)
            if isPoweredUp(now) { value |= NAU7802Registers.powerUpReady }
            if completedConversions(now) > conversionsConsumed { value |= NAU7802Registers.cycleReady }
            return value
        case NAU7802Registers.control2:
            var value = registers[Int(register)] & ~(NAU7802Registers.calibrationStart | NAU7802Registers.calibrationError)
            if let end = calibrationEndsAt, now < end { value |= NAU7802Registers.calibrationStart }
            if calibrationFailed { value |= NAU7802Registers.calibrationError }
            return value
        case NAU7802Registers.revision:
            return revision
        default:
            return registers[Int(register)]
        }
    }

    public mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
        try transfer("read byte", register, "from", address)
        settleCalibration()
        let raw = UInt32(bitPattern: latchedCounts)
        switch register {
        case NAU7802Registers.conversionHigh:
            latchedCounts = inputCounts
            return UInt8(truncatingIfNeeded: UInt32(bitPattern: inputCounts) >> 16)
        case NAU7802Registers.conversionMiddle:
            return UInt8(truncatingIfNeeded: raw >> 8)
        case NAU7802Registers.conversionLow:
            conversionsConsumed = completedConversions(clock.nowMicros())
            conversionsRead += 1
            return UInt8(truncatingIfNeeded: raw)
        case NAU7802Registers.powerUpControl:
            powerUpControlReads += 1
            return value(of: register)
        default:
            return value(of: register)
        }
    }

    public mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
        try transfer("write byte", register, "to", address)
        settleCalibration()
        let now = clock.nowMicros()
        switch register {
        case NAU7802Registers.powerUpControl:
            if value & NAU7802Registers.registerReset != 0 {
                registers = [UInt8](repeating: 0, count: NAU7802Registers.count)
                registers[Int(register)] = NAU7802Registers.registerReset
                poweredUpAt = nil
                conversionsStartedAt = nil
                calibrationEndsAt = nil
                calibrationFailed = false
                return
            }
            let before = registers[Int(register)]
            registers[Int(register)] = value
            if value & NAU7802Registers.powerUpDigital == 0 {
                poweredUpAt = nil
            } else if before & NAU7802Registers.powerUpDigital == 0 {
                poweredUpAt = now
            }
            let converting = NAU7802Registers.powerUpDigital | NAU7802Registers.powerUpAnalog | NAU7802Registers.cycleStart
            if value & converting != converting {
                conversionsStartedAt = nil
            } else if before & NAU7802Registers.cycleStart == 0 {
                restartConversions(at: now)
            }
        case NAU7802Registers.control2:
            let before = registers[Int(register)]
            registers[Int(register)] = value & ~(NAU7802Registers.calibrationStart | NAU7802Registers.calibrationError)
            if value & NAU7802Registers.calibrationStart != 0 {
                calibrationEndsAt = now + calibrationMicros
                calibrationFailed = false
                conversionsStartedAt = nil
            } else if (before ^ value) & NAU7802Registers.rateMask != 0, conversionsStartedAt != nil {
                restartConversions(at: now)
            }
        default:
            registers[Int(register)] = value
        }
    }

    /// The conversion period the rate in CTRL2 CRS sets (µs).
    public var conversionPeriodMicros: Int64 {
        let code = (registers[Int(NAU7802Registers.control2)] & NAU7802Registers.rateMask) >> NAU7802Registers.rateShift
        let rate: Int64 = code == 7 ? 320 : 10 << Int64(min(code, 3))
        return 1_000_000 / rate
    }

    private func isPoweredUp(_ now: Int64) -> Bool {
        guard let start = poweredUpAt else { return false }
        return now >= start + powerUpMicros
    }

    private func completedConversions(_ now: Int64) -> Int64 {
        guard !neverReady, let start = conversionsStartedAt, isPoweredUp(now), now >= start else { return 0 }
        return (now - start) / conversionPeriodMicros
    }

    private mutating func restartConversions(at now: Int64) {
        conversionsStartedAt = now
        conversionsConsumed = 0
    }

    /// Ends a calibration whose time is up: CAL_ERR if it fails, conversions start over.
    private mutating func settleCalibration() {
        guard let end = calibrationEndsAt, clock.nowMicros() >= end else { return }
        calibrationEndsAt = nil
        calibrationFailed = calibrationFails
        let converting = NAU7802Registers.powerUpDigital | NAU7802Registers.powerUpAnalog | NAU7802Registers.cycleStart
        if registers[Int(NAU7802Registers.powerUpControl)] & converting == converting {
            restartConversions(at: end)
        }
    }

    /// Fails a transfer as every simulated chip does (``SimulatedTransferCheck``).
    private mutating func transfer(
        _ action: StaticString, _ register: UInt8, _ direction: StaticString, _ target: UInt8
    ) throws(DeviceError) {
        try SimulatedTransferCheck.check(
            action, register, direction, target, chip: "NAU7802", address: address, registerCount: registers.count,
            failingTransfers: &failingTransfers)
    }
}

extension SimulatedNAU7802: Sendable where Clock: Sendable {}
