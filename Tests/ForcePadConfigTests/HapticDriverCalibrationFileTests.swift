import ForcePadConfig
import ForcePadCore
import Testing

/// The DRV2605L calibration in the state directory: what `haptic calibrate` writes reads
/// back, and one measured with other actuator settings is refused.
@Suite struct HapticDriverCalibrationFileTests {
    static let driver = HapticDriverDescription(
        busDevice: nil, address: 0x5A, actuator: .lra, library: .lra, ratedVoltageCode: 83, overdriveClampCode: 117,
        resonanceHertz: 175, trigger: .gpioEdge)
    static let calibration = DRV2605LCalibration(compensation: 0x0D, backEMF: 0x78, backEMFGain: 1)

    static func text() -> String {
        HapticDriverCalibrationFile.render(calibration, board: "sim", driver: driver, version: "0.1.0", timestamp: "2026-11-25T02:00:00Z")
    }

    @Test func whatIsWrittenReadsBack() throws {
        #expect(try HapticDriverCalibrationFile.parse(text: Self.text(), file: "d.toml", board: "sim", driver: Self.driver) == Self.calibration)
    }

    @Test func aCalibrationForOtherActuatorSettingsIsRefused() {
        var changed = Self.driver
        changed.ratedVoltageCode = 90
        let error = #expect(throws: ConfigError.self) {
            try HapticDriverCalibrationFile.parse(text: Self.text(), file: "d.toml", board: "sim", driver: changed)
        }
        #expect(error?.description == "d.toml:6: actuator: measured with other actuator settings than the board file's [haptic.driver]; run haptic calibrate")
    }

    @Test func aDamagedFileSaysToCalibrateAgain() {
        let text = Self.text().replacing("back_emf_gain = 1", with: "")
        let error = #expect(throws: ConfigError.self) {
            try HapticDriverCalibrationFile.parse(text: text, file: "d.toml", board: "sim", driver: Self.driver)
        }
        #expect(error?.description.hasSuffix("back_emf_gain: missing; the file is damaged: run haptic calibrate") == true)
    }
}
