import ForcePadCore
import Glibc

/// A DRV2605L's register file that behaves like the chip, for the `sim` board and for
/// register-level tests: it answers at its address only, reports its device ID in STATUS,
/// starts in standby with the datasheet's power-on values, and runs an auto-calibration when
/// GO is written in MODE 7 — GO stays set for ``calibrationGoReads`` reads of GO, then clears,
/// with the results (``calibrationResult``) in A_CAL_COMP, A_CAL_BEMF and FEEDBACK BEMF_GAIN
/// and DIAG_RESULT set if ``calibrationConverges`` is false. In any other mode GO plays the
/// sequence (counted in ``sequencesPlayed``): GO stays set for ``playbackGoReads`` reads of
/// GO (0 by default: it has played at once), then clears.
///
/// Faults can be injected: OVER_TEMP and OC_DETECT in STATUS, a device ID of another chip,
/// and transfers that fail (EREMOTEIO, as a device that does not acknowledge).
public struct SimulatedDRV2605L: ByteRegisterBus, Sendable {
    /// The 7-bit address the chip answers at.
    public let address: UInt8
    /// STATUS bits 7–5: 7, a DRV2605L, unless set to another chip's.
    public var deviceID = DRV2605LRegisters.drv2605LDeviceID
    /// STATUS OVER_TEMP; cleared when STATUS is read, as on the chip.
    public var overTemperature = false
    /// STATUS OC_DETECT; stays set until cleared here.
    public var overCurrent = false
    /// Whether the next auto-calibration converges (DIAG_RESULT 0).
    public var calibrationConverges = true
    /// How many reads of GO return it still set after a calibration starts; nil: it never ends.
    public var calibrationGoReads: Int? = 3
    /// What an auto-calibration measures.
    public var calibrationResult = DRV2605LCalibration(compensation: 0x0D, backEMF: 0x78, backEMFGain: 1)
    /// The next this many transfers fail.
    public var failingTransfers = 0
    /// How many reads of GO return it still set after a sequence starts (its playing time,
    /// counted in reads).
    public var playbackGoReads = 0
    /// Sequences started with GO outside calibration.
    public private(set) var sequencesPlayed = 0
    /// Register writes that reached the chip.
    public private(set) var writeCount = 0
    private var registers: [UInt8]
    /// The copy of the registers the simulated actuator plays from; nil: none keeps one.
    public var playback: SimulatedDRV2605LPlayback? {
        didSet {
            for (register, value) in registers.enumerated() { playback?.written(UInt8(register), value) }
        }
    }
    private var diagnosticResult = false
    private var goReadsLeft: Int?
    private var playbackReadsLeft = 0

    /// A DRV2605L at `address` with the datasheet's power-on register values.
    public init(address: UInt8 = DRV2605L.defaultAddress) {
        self.address = address
        registers = [UInt8](repeating: 0, count: DRV2605LRegisters.count)
        registers[Int(DRV2605LRegisters.mode)] = DRV2605LRegisters.standby
        registers[Int(DRV2605LRegisters.librarySelection)] = DRV2605LLibrary.ermA.rawValue
        registers[Int(DRV2605LRegisters.firstSequencerSlot)] = 1
        registers[Int(DRV2605LRegisters.ratedVoltage)] = DRV2605LSettings.defaultRatedVoltage
        registers[Int(DRV2605LRegisters.overdriveClamp)] = DRV2605LSettings.defaultOverdriveClamp
        registers[Int(DRV2605LRegisters.calibrationCompensation)] = 0x0C
        registers[Int(DRV2605LRegisters.calibrationBackEMF)] = 0x6C
        registers[Int(DRV2605LRegisters.feedback)] = 0x36
        registers[Int(DRV2605LRegisters.control1)] = DRV2605LRegisters.startupBoost | DRV2605LSettings.defaultDriveTime
        registers[Int(DRV2605LRegisters.control2)] = DRV2605LRegisters.control2Timing
        registers[Int(DRV2605LRegisters.control3)] = 0xA0
        registers[Int(DRV2605LRegisters.control4)] = 0x20
        registers[Int(DRV2605LRegisters.control5)] = DRV2605LRegisters.control5Timing
    }

    /// The value of `register` as the chip holds it, without the side effects of a read.
    public func value(of register: UInt8) -> UInt8 {
        register == DRV2605LRegisters.status ? status : registers[Int(register)]
    }

    /// Whether the chip is in software standby (MODE bit 6).
    public var isInStandby: Bool {
        registers[Int(DRV2605LRegisters.mode)] & DRV2605LRegisters.standby != 0
    }

    public mutating func readByteData(register: UInt8, from address: UInt8) throws(DeviceError) -> UInt8 {
        try transfer("read byte", register, "from", address)
        switch register {
        case DRV2605LRegisters.status:
            let value = status
            overTemperature = false
            diagnosticResult = false
            return value
        case DRV2605LRegisters.go where goReadsLeft == nil && playbackReadsLeft > 0:
            playbackReadsLeft -= 1
            if playbackReadsLeft == 0 { registers[Int(DRV2605LRegisters.go)] = 0 }
            return DRV2605LRegisters.goBit
        case DRV2605LRegisters.go where goReadsLeft != nil:
            if goReadsLeft == 0 {
                finishCalibration()
                return 0
            }
            goReadsLeft? -= 1
            return DRV2605LRegisters.goBit
        default:
            return registers[Int(register)]
        }
    }

    public mutating func writeByteData(_ value: UInt8, register: UInt8, to address: UInt8) throws(DeviceError) {
        try transfer("write byte", register, "to", address)
        writeCount += 1
        guard register == DRV2605LRegisters.go, value & DRV2605LRegisters.goBit != 0 else {
            registers[Int(register)] = value
            playback?.written(register, value)
            return
        }
        let mode = registers[Int(DRV2605LRegisters.mode)]
        if mode == DRV2605LRegisters.autoCalibrationMode {
            registers[Int(register)] = DRV2605LRegisters.goBit
            goReadsLeft = calibrationGoReads ?? Int.max
        } else if mode & DRV2605LRegisters.standby == 0 {
            sequencesPlayed += 1
            playbackReadsLeft = playbackGoReads
            if playbackGoReads > 0 { registers[Int(register)] = DRV2605LRegisters.goBit }
        }
    }

    private var status: UInt8 {
        deviceID << DRV2605LRegisters.deviceIDShift
            | (diagnosticResult ? DRV2605LRegisters.diagnosticResult : 0)
            | (overTemperature ? DRV2605LRegisters.overTemperature : 0)
            | (overCurrent ? DRV2605LRegisters.overCurrent : 0)
    }

    private mutating func finishCalibration() {
        goReadsLeft = nil
        registers[Int(DRV2605LRegisters.go)] = 0
        registers[Int(DRV2605LRegisters.calibrationCompensation)] = calibrationResult.compensation
        registers[Int(DRV2605LRegisters.calibrationBackEMF)] = calibrationResult.backEMF
        let feedback = registers[Int(DRV2605LRegisters.feedback)] & ~DRV2605LRegisters.backEMFGainMask
        registers[Int(DRV2605LRegisters.feedback)] = feedback | calibrationResult.backEMFGain
        diagnosticResult = !calibrationConverges
    }

    /// Fails a transfer as every simulated chip does (``SimulatedTransferCheck``).
    private mutating func transfer(
        _ action: StaticString, _ register: UInt8, _ direction: StaticString, _ target: UInt8
    ) throws(DeviceError) {
        try SimulatedTransferCheck.check(
            action, register, direction, target, chip: "DRV2605L", address: address, registerCount: registers.count,
            failingTransfers: &failingTransfers)
    }
}
