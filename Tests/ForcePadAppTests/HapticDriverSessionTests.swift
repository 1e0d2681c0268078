import ForcePadCore
import ForcePadHAL
import Foundation
import Testing

@testable import ForcePadApp

/// The board's DRV2605L as the controller drives it, against the simulated chip: the registers
/// after start-up, standby on `haptic off` and on every stop path, calibration (success and
/// DIAG failure), an effect test, and a kernel driver owning the address.
@Suite struct HapticDriverSessionTests {
    static let lra = HapticDriverDescription(
        busDevice: nil, address: 0x5A, actuator: .lra, library: .lra, ratedVoltageCode: 83, overdriveClampCode: 117,
        resonanceHertz: 175, trigger: .gpioEdge)

    func session(_ description: HapticDriverDescription = Self.lra, chip: SimulatedDRV2605L = SimulatedDRV2605L())
        throws -> HapticDriverSession<SharedByteRegisterBus<SimulatedDRV2605L>>
    {
        try HapticDriverSession(description: description, bus: SharedByteRegisterBus(chip))
    }

    func register(_ session: HapticDriverSession<SharedByteRegisterBus<SimulatedDRV2605L>>, _ register: UInt8) -> UInt8 {
        session.bus.withBus { $0.value(of: register) }
    }

    @Test func startUpWritesTheBoardsActuatorTheSavedCalibrationTheSequenceAndTheTrigger() throws {
        let driver = try session()
        let saved = DRV2605LCalibration(compensation: 0x0E, backEMF: 0x80, backEMFGain: 2)
        try driver.start(calibration: saved, sequence: DRV2605LSequence([.effect(24)]))
        #expect(register(driver, 0x01) == 0x01)  // MODE: external trigger, edge; out of standby
        #expect(register(driver, 0x03) == 6)  // LIBRARY_SEL: LRA
        #expect(register(driver, 0x16) == 83)  // RATED_VOLTAGE
        #expect(register(driver, 0x17) == 117)  // OD_CLAMP
        #expect(register(driver, 0x18) == 0x0E)  // A_CAL_COMP written back
        #expect(register(driver, 0x19) == 0x80)  // A_CAL_BEMF
        #expect(register(driver, 0x1A) & 0x83 == 0x82)  // FEEDBACK: LRA, BEMF_GAIN 2
        #expect(register(driver, 0x1B) & 0x1F == DRV2605LSettings.lraDriveTime(resonanceHertz: 175))
        #expect([register(driver, 0x04), register(driver, 0x05)] == [24, 0])
    }

    @Test(arguments: [(HapticDriverTrigger.gpioEdge, UInt8(1)), (.gpioLevel, 2), (.i2c, 0)])
    func eachTriggerSelectsItsMode(trigger: HapticDriverTrigger, mode: UInt8) throws {
        var description = Self.lra
        description.trigger = trigger
        let driver = try session(description)
        try driver.start(calibration: nil, sequence: nil)
        #expect(register(driver, 0x01) == mode)
    }

    @Test func standbyAndResume() throws {
        let driver = try session()
        try driver.start(calibration: nil, sequence: nil)
        #expect(driver.enterStandby() == nil)
        #expect(try driver.isInStandby())
        try driver.resume()
        #expect(try !driver.isInStandby())
    }

    @Test func aFailedStandbyIsReportedAndKept() throws {
        let driver = try session()
        try driver.start(calibration: nil, sequence: nil)
        driver.bus.withBus { $0.failingTransfers = 1 }
        let error = driver.enterStandby()
        #expect(error != nil)
        #expect(driver.lastError == error?.description)
        // One transfer, not retried: the chip is still playing.
        #expect(try !driver.isInStandby())
    }

    @Test func calibrationReturnsTheResultsAndSetsTheChipUpAgain() throws {
        let driver = try session()
        try driver.start(calibration: nil, sequence: nil)
        let calibration = try driver.calibrate()
        #expect(calibration == DRV2605LCalibration(compensation: 0x0D, backEMF: 0x78, backEMFGain: 1))
        #expect(register(driver, 0x01) == 0x01)
        #expect(register(driver, 0x18) == 0x0D)
    }

    @Test func aCalibrationThatDoesNotConvergeIsRefused() throws {
        var chip = SimulatedDRV2605L()
        chip.calibrationConverges = false
        let driver = try session(chip: chip)
        try driver.start(calibration: nil, sequence: nil)
        #expect(throws: DRV2605LError.calibrationFailed(address: 0x5A)) { try driver.calibrate() }
        #expect(driver.lastError?.hasPrefix("auto-calibration of the DRV2605L at 0x5a did not converge") == true)
    }

    @Test func anEffectTestPlaysOverI2CAndPutsTheStageSequenceBack() throws {
        let driver = try session()
        try driver.start(calibration: nil, sequence: DRV2605LSequence([.effect(1), .wait(milliseconds: 50), .effect(1)]))
        try driver.play(effect: 47)
        #expect(driver.bus.withBus { $0.sequencesPlayed } == 1)
        #expect([register(driver, 0x04), register(driver, 0x05), register(driver, 0x06)] == [1, 0x85, 1])
        #expect(register(driver, 0x01) == 0x01)
    }

    @Test func aWrongChipOrAFaultFailsTheStartInOneLine() throws {
        var other = SimulatedDRV2605L()
        other.deviceID = 3
        #expect(throws: DRV2605LError.wrongDevice(address: 0x5A, deviceID: 3)) {
            try session(chip: other).start(calibration: nil, sequence: nil)
        }
        var hot = SimulatedDRV2605L()
        hot.overTemperature = true
        #expect(throws: DRV2605LError.overTemperature(address: 0x5A)) {
            try session(chip: hot).start(calibration: nil, sequence: nil)
        }
    }

    @Test func aKernelDriverBoundToTheAddressIsRefusedWithTheUnbindCommand() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("1-005a"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("1-005a/driver").path, withDestinationPath: "../../../bus/i2c/drivers/drv260x")
        defer { try? FileManager.default.removeItem(at: root) }
        var description = Self.lra
        description.busDevice = "/dev/i2c-1"
        let error = #expect(throws: SetupError.self) {
            try HapticDriverStartUp.open(description, calibration: nil, sequence: nil, sysfsRoot: root.path)
        }
        #expect(
            error?.message
                == "haptic driver: the kernel driver 'drv260x' is bound to the DRV2605L at 1-005a and owns it:"
                + " unbind it (echo 1-005a > /sys/bus/i2c/drivers/drv260x/unbind) and remove its dtoverlay from config.txt,"
                + " or remove [haptic.driver] from the board file")
    }
}
