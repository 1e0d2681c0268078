import Glibc
import ForcePadCore
import Testing

@testable import ForcePadHAL

/// The DRV2605L driver against a register file that behaves like the chip: the registers it
/// leaves after each step, and the errors it reports.
@Suite struct DRV2605LTests {
    private let lra = DRV2605L(
        settings: try! DRV2605LSettings(
            actuator: .lra, library: .lra, ratedVoltage: 0x50, overdriveClamp: 0x96, driveTime: 24))
    private let erm = DRV2605L(settings: try! DRV2605LSettings(actuator: .erm, library: .ermB))

    @Test func startLeavesStandbyAndSetsUpTheActuatorAndLibrary() throws {
        var chip = SimulatedDRV2605L()
        #expect(chip.isInStandby)
        try lra.start(on: &chip)
        #expect(!chip.isInStandby)
        #expect(chip.value(of: DRV2605LRegisters.mode) == 0x00)
        #expect(chip.value(of: DRV2605LRegisters.ratedVoltage) == 0x50)
        #expect(chip.value(of: DRV2605LRegisters.overdriveClamp) == 0x96)
        // N_ERM_LRA 1, brake factor 3, loop gain 1, BEMF_GAIN 2.
        #expect(chip.value(of: DRV2605LRegisters.feedback) == 0xB6)
        // STARTUP_BOOST with DRIVE_TIME 24.
        #expect(chip.value(of: DRV2605LRegisters.control1) == 0x98)
        #expect(chip.value(of: DRV2605LRegisters.control3) == 0x88)
        #expect(chip.value(of: DRV2605LRegisters.librarySelection) == 6)
    }

    @Test func startFromAChipAnotherDriverConfiguredWritesTheTimingsTheVoltagesAssume() throws {
        var chip = SimulatedDRV2605L()
        // As the kernel's drv260x leaves it: SAMPLE_TIME 250 µs; and a 1 ms playback interval
        // with longer blanking and current-dissipation times in CONTROL5.
        try chip.writeByteData(0xE5, register: DRV2605LRegisters.control2, to: DRV2605L.defaultAddress)
        try chip.writeByteData(0x9F, register: DRV2605LRegisters.control5, to: DRV2605L.defaultAddress)
        try lra.start(on: &chip)
        // RATED_VOLTAGE 0x50 is the code for SAMPLE_TIME 300 µs: CONTROL2 and CONTROL5 are
        // back at the datasheet's values the equations use.
        #expect(chip.value(of: DRV2605LRegisters.ratedVoltage) == 0x50)
        #expect(chip.value(of: DRV2605LRegisters.control2) == 0xF5)
        #expect(chip.value(of: DRV2605LRegisters.control5) == 0x80)
    }

    @Test func startForAnERMClearsTheLRABitAndSelectsItsLibrary() throws {
        var chip = SimulatedDRV2605L()
        try erm.start(on: &chip)
        #expect(chip.value(of: DRV2605LRegisters.feedback) == 0x36)
        #expect(chip.value(of: DRV2605LRegisters.librarySelection) == 2)
        #expect(chip.value(of: DRV2605LRegisters.control1) == 0x93)
    }

    @Test func anotherChipIsRefusedWithItsDeviceIDAndNothingWritten() {
        var chip = SimulatedDRV2605L()
        chip.deviceID = 3
        let error = #expect(throws: DRV2605LError.self) { try lra.start(on: &chip) }
        #expect(error == .wrongDevice(address: 0x5A, deviceID: 3))
        #expect(
            error?.description
                == "the I2C device at 0x5a answers with device ID 3, not a DRV2605L (7): fit a DRV2605L breakout"
                + " or correct the address (a DRV2605 answers 3, a DRV2604 4, a DRV2604L 6)")
        #expect(chip.writeCount == 0)
        #expect(chip.isInStandby)
    }

    @Test func overTemperatureAndOverCurrentStopTheStart() {
        var hot = SimulatedDRV2605L()
        hot.overTemperature = true
        let heat = #expect(throws: DRV2605LError.self) { try lra.start(on: &hot) }
        #expect(heat == .overTemperature(address: 0x5A))
        #expect(heat?.description.hasPrefix("the DRV2605L at 0x5a reports over-temperature and stopped driving: ") == true)
        var shorted = SimulatedDRV2605L()
        shorted.overCurrent = true
        let current = #expect(throws: DRV2605LError.self) { try lra.start(on: &shorted) }
        #expect(current == .overCurrent(address: 0x5A))
        #expect(current?.description.contains("check OUT+ and OUT− for a short") == true)
        #expect(hot.writeCount == 0 && shorted.writeCount == 0)
    }

    @Test func aChipThatDoesNotAnswerIsABusErrorNamingTheAddress() {
        var chip = SimulatedDRV2605L(address: 0x5B)
        let error = #expect(throws: DRV2605LError.self) { try lra.start(on: &chip) }
        guard case .bus(let deviceError) = error else {
            Issue.record("expected a bus error, got \(String(describing: error))")
            return
        }
        #expect(deviceError.errno == ENXIO)
        #expect(deviceError.description.hasPrefix("read byte 0x00 from 0x5a on the sim board failed: "))
    }

    @Test func aSetUpTransferThatFailsIsRetriedOnceAndASecondFailureReported() throws {
        var chip = SimulatedDRV2605L()
        chip.failingTransfers = 1
        try lra.start(on: &chip)
        #expect(!chip.isInStandby)
        #expect(chip.value(of: DRV2605LRegisters.librarySelection) == 6)
        chip.failingTransfers = 2
        let error = #expect(throws: DRV2605LError.self) { try lra.select(.realTime, on: &chip) }
        guard case .bus(let deviceError) = error else {
            Issue.record("expected a bus error, got \(String(describing: error))")
            return
        }
        #expect(deviceError.errno == EREMOTEIO)
        #expect(chip.value(of: DRV2605LRegisters.mode) == 0)
    }

    @Test func theLoopsCallsMakeOneTransferAndLeaveTheRetryToTheNextPeriod() throws {
        var chip = SimulatedDRV2605L()
        try lra.start(on: &chip)
        try lra.select(.realTime, on: &chip)
        try lra.writeRealTimeAmplitude(0x40, on: &chip)
        chip.failingTransfers = 1
        #expect(throws: DRV2605LError.self) { try lra.writeRealTimeAmplitude(0x80, on: &chip) }
        #expect(chip.value(of: DRV2605LRegisters.realTimePlaybackInput) == 0x40)
        try lra.writeRealTimeAmplitude(0x80, on: &chip)
        #expect(chip.value(of: DRV2605LRegisters.realTimePlaybackInput) == 0x80)
        chip.failingTransfers = 1
        #expect(throws: DRV2605LError.self) { try lra.enterStandby(on: &chip) }
        #expect(!chip.isInStandby)
        try lra.select(.internalTrigger, on: &chip)
        chip.failingTransfers = 1
        #expect(throws: DRV2605LError.self) { try lra.go(on: &chip) }
        #expect(chip.sequencesPlayed == 0)
    }

    @Test func loadingASequenceWritesItsSlotsAndTheTerminator() throws {
        var chip = SimulatedDRV2605L()
        try lra.start(on: &chip)
        let before = chip.writeCount
        try lra.load(DRV2605LSequence([.effect(1), .wait(milliseconds: 50), .effect(1)]), on: &chip)
        #expect((0..<4).map { chip.value(of: DRV2605LRegisters.firstSequencerSlot + UInt8($0)) } == [1, 0x85, 1, 0])
        #expect(chip.writeCount - before == 4)
        try lra.load(DRV2605LSequence([.effect(24)]), on: &chip)
        #expect(chip.value(of: 0x04) == 24)
        #expect(chip.value(of: 0x05) == 0)
    }

    @Test func eachPlaybackSelectsItsModeOutOfStandby() throws {
        var chip = SimulatedDRV2605L()
        try lra.start(on: &chip)
        let expected: [(DRV2605LPlayback, UInt8)] = [
            (.externalEdge, 1), (.externalLevel, 2), (.realTime, 5), (.internalTrigger, 0),
        ]
        for (playback, mode) in expected {
            try lra.select(playback, on: &chip)
            #expect(chip.value(of: DRV2605LRegisters.mode) == mode)
        }
    }

    @Test func goPlaysTheLoadedSequenceUnderTheInternalTrigger() throws {
        var chip = SimulatedDRV2605L()
        try lra.start(on: &chip)
        try lra.load(DRV2605LSequence([.effect(24)]), on: &chip)
        try lra.select(.internalTrigger, on: &chip)
        try lra.go(on: &chip)
        try lra.go(on: &chip)
        #expect(chip.sequencesPlayed == 2)
    }

    @Test func realTimePlaybackWritesOnlyTheAmplitude() throws {
        var chip = SimulatedDRV2605L()
        try lra.start(on: &chip)
        try lra.select(.realTime, on: &chip)
        let before = chip.writeCount
        try lra.writeRealTimeAmplitude(0xC0, on: &chip)
        #expect(chip.value(of: DRV2605LRegisters.realTimePlaybackInput) == 0xC0)
        #expect(chip.writeCount - before == 1)
        #expect(chip.value(of: DRV2605LRegisters.mode) == 5)
    }

    @Test func standbyStopsPlaybackFromEveryMode() throws {
        for playback in DRV2605LPlayback.allCases {
            var chip = SimulatedDRV2605L()
            try lra.start(on: &chip)
            try lra.select(playback, on: &chip)
            #expect(!chip.isInStandby)
            try lra.enterStandby(on: &chip)
            #expect(chip.isInStandby)
            #expect(chip.value(of: DRV2605LRegisters.mode) == 0x40)
        }
    }

    @Test func calibrationReturnsTheChipsResultsAndLeavesItInStandby() throws {
        var chip = SimulatedDRV2605L()
        chip.calibrationResult = DRV2605LCalibration(compensation: 0x0E, backEMF: 0x92, backEMFGain: 3)
        chip.calibrationGoReads = 50
        var clock = ManualClock()
        try lra.start(on: &chip)
        let calibration = try lra.calibrate(on: &chip, clock: &clock)
        #expect(calibration == DRV2605LCalibration(compensation: 0x0E, backEMF: 0x92, backEMFGain: 3))
        // The calibration ran with the actuator's settings and the datasheet's timing.
        #expect(chip.value(of: DRV2605LRegisters.ratedVoltage) == 0x50)
        #expect(chip.value(of: DRV2605LRegisters.overdriveClamp) == 0x96)
        #expect(chip.value(of: DRV2605LRegisters.feedback) == 0xB7)
        #expect(chip.value(of: DRV2605LRegisters.control2) == 0xF5)
        #expect(chip.value(of: DRV2605LRegisters.control4) == 0x30)
        // GO was read every 10 ms: 50 reads set, then the one that found it clear.
        #expect(clock.now == 500_000)
        #expect(chip.sequencesPlayed == 0)
        #expect(chip.isInStandby)
    }

    @Test func aCalibrationThatDoesNotConvergeIsReportedFromDiagResult() throws {
        var chip = SimulatedDRV2605L()
        chip.calibrationConverges = false
        var clock = ManualClock()
        let error = #expect(throws: DRV2605LError.self) { try erm.calibrate(on: &chip, clock: &clock) }
        #expect(error == .calibrationFailed(address: 0x5A))
        #expect(
            error?.description
                == "auto-calibration of the DRV2605L at 0x5a did not converge (DIAG_RESULT): check that the"
                + " actuator is connected and free to move, and its type, rated voltage and drive time")
        #expect(chip.isInStandby)
    }

    @Test func aCalibrationWhoseGONeverClearsTimesOutAndLeavesStandby() {
        var chip = SimulatedDRV2605L()
        chip.calibrationGoReads = nil
        var clock = ManualClock(startMicros: 1_000_000)
        let error = #expect(throws: DRV2605LError.self) { try lra.calibrate(on: &chip, clock: &clock) }
        #expect(error == .calibrationTimedOut(address: 0x5A, waitedMillis: 2400))
        #expect(
            error?.description
                == "auto-calibration of the DRV2605L at 0x5a did not end within 2400 ms (GO never cleared):"
                + " check the chip's supply and EN pin, then calibrate again")
        #expect(clock.now == 3_400_000)
        #expect(chip.isInStandby)
    }

    @Test func aRestoredCalibrationIsWrittenBackWithTheActuatorType() throws {
        var chip = SimulatedDRV2605L()
        try lra.start(on: &chip)
        try lra.restore(DRV2605LCalibration(compensation: 0x0E, backEMF: 0x92, backEMFGain: 1), on: &chip)
        #expect(chip.value(of: DRV2605LRegisters.calibrationCompensation) == 0x0E)
        #expect(chip.value(of: DRV2605LRegisters.calibrationBackEMF) == 0x92)
        #expect(chip.value(of: DRV2605LRegisters.feedback) == 0xB5)
    }

    @Test func aCalibrationAndItsRestoreLeaveTheSameRegisters() throws {
        var calibrated = SimulatedDRV2605L()
        var clock = ManualClock()
        try erm.start(on: &calibrated)
        let calibration = try erm.calibrate(on: &calibrated, clock: &clock)
        try erm.select(.externalEdge, on: &calibrated)
        var restarted = SimulatedDRV2605L()
        try erm.start(on: &restarted)
        try erm.restore(calibration, on: &restarted)
        try erm.select(.externalEdge, on: &restarted)
        let registers = [
            DRV2605LRegisters.calibrationCompensation, DRV2605LRegisters.calibrationBackEMF,
            DRV2605LRegisters.feedback, DRV2605LRegisters.mode,
        ]
        for register in registers {
            #expect(restarted.value(of: register) == calibrated.value(of: register))
        }
    }
}

/// The loop's real-time playback output: amplitudes go to RTP_INPUT, one transfer each, and a
/// failed transfer is the bus's error.
@Suite struct DRV2605LRealTimeLineTests {
    @Test func amplitudesGoToRTPInputAndFailuresAreTheBussError() throws {
        var line = DRV2605LRealTimeLine(
            line: SimulatedHapticLine(), driver: DRV2605L(settings: try DRV2605LSettings(actuator: .lra, library: .lra)),
            bus: SimulatedDRV2605L())
        try line.setAmplitude(200)
        try line.setActive(true)
        try line.setAmplitude(0)
        // The bus is the line's own: a second line over another chip shows the failure path.
        var chip = SimulatedDRV2605L()
        chip.failingTransfers = 1
        var failing = DRV2605LRealTimeLine(
            line: SimulatedHapticLine(), driver: DRV2605L(settings: try DRV2605LSettings(actuator: .erm, library: .ermA)), bus: chip)
        let error = #expect(throws: DeviceError.self) { try failing.setAmplitude(10) }
        #expect(error?.errno == EREMOTEIO)
        try failing.setAmplitude(10)
    }
}

/// The loop's output without an IN/TRIG wire: a rising edge also writes GO, one transfer; a
/// falling edge writes nothing.
@Suite struct DRV2605LGoLineTests {
    @Test func aRisingEdgeWritesGOAndAFailureIsTheBussError() throws {
        let driver = DRV2605L(settings: try DRV2605LSettings(actuator: .lra, library: .lra))
        var line = DRV2605LGoLine(line: SimulatedHapticLine(), driver: driver, bus: SimulatedDRV2605L())
        try line.setActive(true)
        try line.setActive(false)
        var chip = SimulatedDRV2605L()
        chip.failingTransfers = 1
        var failing = DRV2605LGoLine(line: SimulatedHapticLine(), driver: driver, bus: chip)
        try failing.setActive(false)
        let error = #expect(throws: DeviceError.self) { try failing.setActive(true) }
        #expect(error?.errno == EREMOTEIO)
    }
}
