import ForcePadCore

/// The TI DRV2605L haptic driver on I2C: checks the chip, sets it up for its actuator, loads
/// waveform sequences, selects how they are triggered, runs the auto-calibration, writes saved
/// calibration back, drives real-time playback and puts the chip in standby.
///
/// The program uses it through `[haptic.driver]` in the board file: the controller's session
/// (ForcePadApp's `HapticDriver/`) runs start-up, loads the stages' sequences, calibrates and
/// puts the chip in standby; on the `sim` board the bus is a ``SimulatedDRV2605L``.
/// With `rtp` in `[haptics]` the loop writes real-time playback amplitudes through
/// ``DRV2605LRealTimeLine``.
///
/// Register map (TI DRV2605L datasheet, SLOS854D, "Register Map"): see ``DRV2605LRegisters``
/// for the addresses and bits used. Procedures followed:
/// - Start (``start(on:)``): read STATUS, check DEVICE_ID (bits 7–5) is 7 and that OVER_TEMP
///   (bit 1) and OC_DETECT (bit 0) are clear; MODE = 0 leaves standby (bit 6); then
///   RATED_VOLTAGE (0x16), OD_CLAMP (0x17), FEEDBACK (0x1A: N_ERM_LRA bit 7, brake factor and
///   loop gain), CONTROL1 (0x1B: DRIVE_TIME), CONTROL2 (0x1C) and CONTROL5 (0x1F: the sample,
///   blanking and current-dissipation times the voltage equations assume, whatever another
///   driver left), CONTROL3 (0x1D: closed loop, unsigned RTP) and LIBRARY_SEL (0x03).
/// - Auto-calibration (``calibrate(on:clock:)``, the datasheet's auto-calibration procedure
///   and TI's setup guide SLOA189, section 2): MODE = 7; FEEDBACK, RATED_VOLTAGE, OD_CLAMP, CONTROL1, CONTROL2, CONTROL5,
///   CONTROL3 and CONTROL4 (AUTO_CAL_TIME) set; GO (0x0C) = 1; GO read until it clears; STATUS DIAG_RESULT
///   (bit 3) 0 means it converged; the results are A_CAL_COMP (0x18), A_CAL_BEMF (0x19) and
///   FEEDBACK BEMF_GAIN (bits 1–0).
/// - Sequences: WAV_FRM_SEQ1–8 (0x04–0x0B), bit 7 WAIT with bits 6–0 in 10 ms units, else an
///   effect 1–123; a 0 ends the sequence.
///
/// The driver keeps no state of the chip: each call takes the bus it talks over, so the chip
/// can share an adapter with the board's converters. The calls made from the real-time loop
/// (``go(on:)``, ``writeRealTimeAmplitude(_:on:)``, ``enterStandby(on:)``) are one transfer
/// each and throw ``DRV2605LError/bus(_:)`` when it fails, so the loop never waits for more
/// than one transfer and retries on its next period. The set-up calls (start, loading,
/// mode selection, calibration, restore) retry each failed transfer once before throwing.
public struct DRV2605L: Sendable, Equatable {
    /// The DRV2605L's fixed 7-bit address.
    public static let defaultAddress: UInt8 = 0x5A
    /// How often GO is read while an auto-calibration runs (ms).
    static let calibrationPollMillis: Int64 = 10
    /// How long an auto-calibration may take before it counts as hung (ms): the longest
    /// AUTO_CAL_TIME, 1200 ms, with margin.
    static let calibrationTimeoutMillis: Int64 = 2 * DRV2605LRegisters.longestCalibrationMillis

    /// The chip's 7-bit address.
    public let address: UInt8
    public let settings: DRV2605LSettings

    public init(address: UInt8 = defaultAddress, settings: DRV2605LSettings) {
        self.address = address
        self.settings = settings
    }

    /// Checks the chip and sets it up for the actuator: device ID and fault flags from STATUS,
    /// out of standby, voltages, actuator type, drive time, closed loop with unsigned RTP, and
    /// the library. Playback stays in internal-trigger mode with nothing started until
    /// ``select(_:on:)``.
    public func start<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) {
        try checkStatus(on: &bus)
        try write(0, to: DRV2605LRegisters.mode, on: &bus)
        try writeActuatorSetup(on: &bus)
        try write(DRV2605LRegisters.control3ClosedLoopUnsignedRTP, to: DRV2605LRegisters.control3, on: &bus)
        try write(settings.library.rawValue, to: DRV2605LRegisters.librarySelection, on: &bus)
    }

    /// Reads STATUS and fails on another chip, over-temperature or over-current.
    public func checkStatus<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) {
        let status = try read(DRV2605LRegisters.status, on: &bus)
        let deviceID = status >> DRV2605LRegisters.deviceIDShift
        guard deviceID == DRV2605LRegisters.drv2605LDeviceID else {
            throw .wrongDevice(address: address, deviceID: deviceID)
        }
        try Self.checkFaults(status, address: address)
    }

    /// Writes `sequence` into the waveform sequencer's slots (and a terminating 0 when it is
    /// shorter than 8). The next trigger plays it.
    public func load<Bus: ByteRegisterBus & ~Copyable>(
        _ sequence: DRV2605LSequence, on bus: inout Bus
    ) throws(DRV2605LError) {
        for (slot, value) in sequence.slotValues.enumerated() {
            try write(value, to: DRV2605LRegisters.firstSequencerSlot + UInt8(slot), on: &bus)
        }
    }

    /// Selects how playback starts (MODE bits 2–0), out of standby.
    public func select<Bus: ByteRegisterBus & ~Copyable>(
        _ playback: DRV2605LPlayback, on bus: inout Bus
    ) throws(DRV2605LError) {
        try write(playback.rawValue, to: DRV2605LRegisters.mode, on: &bus)
    }

    /// Plays the loaded sequence now (GO = 1), for ``DRV2605LPlayback/internalTrigger``: one
    /// transfer, not retried.
    public func go<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) {
        try writeOnce(DRV2605LRegisters.goBit, to: DRV2605LRegisters.go, on: &bus)
    }

    /// Sets the real-time playback amplitude (RTP_INPUT, unsigned: 0 still, 255 full drive),
    /// for ``DRV2605LPlayback/realTime``: one transfer, not retried.
    public func writeRealTimeAmplitude<Bus: ByteRegisterBus & ~Copyable>(
        _ amplitude: UInt8, on bus: inout Bus
    ) throws(DRV2605LError) {
        try writeOnce(amplitude, to: DRV2605LRegisters.realTimePlaybackInput, on: &bus)
    }

    /// Puts the chip in software standby (MODE bit 6), which stops any playback and the output
    /// stage: one transfer, not retried.
    public func enterStandby<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) {
        try writeOnce(DRV2605LRegisters.standby, to: DRV2605LRegisters.mode, on: &bus)
    }

    /// Waits until the sequence started by ``go(on:)`` has played: GO read every 10 ms on
    /// `clock` until it clears, for up to 2.4 s (eight of the longest effects and waits).
    public func waitForPlayback<Bus: ByteRegisterBus & ~Copyable, Clock: LoopClock & ~Copyable>(
        on bus: inout Bus, clock: inout Clock
    ) throws(DRV2605LError) {
        let startMicros = clock.nowMicros()
        var pollMicros = startMicros
        while try read(DRV2605LRegisters.go, on: &bus) & DRV2605LRegisters.goBit != 0 {
            guard clock.nowMicros() < startMicros + Self.calibrationTimeoutMillis * 1000 else {
                throw .playbackTimedOut(address: address, waitedMillis: Self.calibrationTimeoutMillis)
            }
            pollMicros += Self.calibrationPollMillis * 1000
            clock.sleep(untilMicros: pollMicros)
        }
    }

    /// Whether a sequence is playing (GO still set): one read, retried once.
    public func isPlaying<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) -> Bool {
        try read(DRV2605LRegisters.go, on: &bus) & DRV2605LRegisters.goBit != 0
    }

    /// Whether the chip is in software standby (MODE bit 6).
    public func isInStandby<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) -> Bool {
        try read(DRV2605LRegisters.mode, on: &bus) & DRV2605LRegisters.standby != 0
    }

    /// Writes a saved calibration back: A_CAL_COMP, A_CAL_BEMF and FEEDBACK with its BEMF_GAIN.
    public func restore<Bus: ByteRegisterBus & ~Copyable>(
        _ calibration: DRV2605LCalibration, on bus: inout Bus
    ) throws(DRV2605LError) {
        try write(calibration.compensation, to: DRV2605LRegisters.calibrationCompensation, on: &bus)
        try write(calibration.backEMF, to: DRV2605LRegisters.calibrationBackEMF, on: &bus)
        try write(feedback(backEMFGain: calibration.backEMFGain), to: DRV2605LRegisters.feedback, on: &bus)
    }

    /// Runs the auto-calibration and returns its results; the actuator moves for 1.0 to 1.2 s.
    /// GO is read every 10 ms on `clock` for up to 2.4 s. The chip is left in standby whether
    /// the calibration succeeds or not: select a playback mode afterwards.
    public func calibrate<Bus: ByteRegisterBus & ~Copyable, Clock: LoopClock & ~Copyable>(
        on bus: inout Bus, clock: inout Clock
    ) throws(DRV2605LError) -> DRV2605LCalibration {
        try checkStatus(on: &bus)
        try write(DRV2605LRegisters.autoCalibrationMode, to: DRV2605LRegisters.mode, on: &bus)
        try writeActuatorSetup(on: &bus)
        try write(DRV2605LRegisters.control3ClosedLoopUnsignedRTP, to: DRV2605LRegisters.control3, on: &bus)
        try write(DRV2605LRegisters.control4LongestCalibration, to: DRV2605LRegisters.control4, on: &bus)
        try write(DRV2605LRegisters.goBit, to: DRV2605LRegisters.go, on: &bus)
        let startMicros = clock.nowMicros()
        let deadlineMicros = startMicros + Self.calibrationTimeoutMillis * 1000
        var pollMicros = startMicros
        while try read(DRV2605LRegisters.go, on: &bus) & DRV2605LRegisters.goBit != 0 {
            guard clock.nowMicros() < deadlineMicros else {
                try? write(DRV2605LRegisters.standby, to: DRV2605LRegisters.mode, on: &bus)
                throw .calibrationTimedOut(address: address, waitedMillis: Self.calibrationTimeoutMillis)
            }
            pollMicros += Self.calibrationPollMillis * 1000
            clock.sleep(untilMicros: pollMicros)
        }
        let status = try read(DRV2605LRegisters.status, on: &bus)
        let calibration = DRV2605LCalibration(
            compensation: try read(DRV2605LRegisters.calibrationCompensation, on: &bus),
            backEMF: try read(DRV2605LRegisters.calibrationBackEMF, on: &bus),
            backEMFGain: try read(DRV2605LRegisters.feedback, on: &bus))
        try write(DRV2605LRegisters.standby, to: DRV2605LRegisters.mode, on: &bus)
        try Self.checkFaults(status, address: address)
        guard status & DRV2605LRegisters.diagnosticResult == 0 else { throw .calibrationFailed(address: address) }
        return calibration
    }

    /// RATED_VOLTAGE, OD_CLAMP, FEEDBACK (actuator type, datasheet brake factor and loop gain,
    /// BEMF_GAIN 2 until a calibration is restored), CONTROL1 (startup boost, drive time), and
    /// CONTROL2 and CONTROL5 (the timings the voltages were computed for): every register the
    /// settings' equations depend on.
    private func writeActuatorSetup<Bus: ByteRegisterBus & ~Copyable>(on bus: inout Bus) throws(DRV2605LError) {
        try write(settings.ratedVoltage, to: DRV2605LRegisters.ratedVoltage, on: &bus)
        try write(settings.overdriveClamp, to: DRV2605LRegisters.overdriveClamp, on: &bus)
        try write(feedback(backEMFGain: 2), to: DRV2605LRegisters.feedback, on: &bus)
        try write(DRV2605LRegisters.startupBoost | settings.driveTime, to: DRV2605LRegisters.control1, on: &bus)
        try write(DRV2605LRegisters.control2Timing, to: DRV2605LRegisters.control2, on: &bus)
        try write(DRV2605LRegisters.control5Timing, to: DRV2605LRegisters.control5, on: &bus)
    }

    /// FEEDBACK for the actuator with `backEMFGain` in bits 1–0.
    private func feedback(backEMFGain: UInt8) -> UInt8 {
        (settings.actuator == .lra ? DRV2605LRegisters.linearResonantActuator : 0)
            | DRV2605LRegisters.brakeFactorAndLoopGain | (backEMFGain & DRV2605LRegisters.backEMFGainMask)
    }

    private static func checkFaults(_ status: UInt8, address: UInt8) throws(DRV2605LError) {
        if status & DRV2605LRegisters.overTemperature != 0 { throw .overTemperature(address: address) }
        if status & DRV2605LRegisters.overCurrent != 0 { throw .overCurrent(address: address) }
    }

    /// One register read, retried once.
    private func read<Bus: ByteRegisterBus & ~Copyable>(_ register: UInt8, on bus: inout Bus) throws(DRV2605LError) -> UInt8 {
        do {
            return try bus.readByteData(register: register, from: address)
        } catch {
            do {
                return try bus.readByteData(register: register, from: address)
            } catch {
                throw .bus(error)
            }
        }
    }

    /// One register write, retried once.
    private func write<Bus: ByteRegisterBus & ~Copyable>(
        _ value: UInt8, to register: UInt8, on bus: inout Bus
    ) throws(DRV2605LError) {
        do {
            try bus.writeByteData(value, register: register, to: address)
        } catch {
            try writeOnce(value, to: register, on: &bus)
        }
    }

    /// One register write, one transfer.
    private func writeOnce<Bus: ByteRegisterBus & ~Copyable>(
        _ value: UInt8, to register: UInt8, on bus: inout Bus
    ) throws(DRV2605LError) {
        do {
            try bus.writeByteData(value, register: register, to: address)
        } catch {
            throw .bus(error)
        }
    }
}
