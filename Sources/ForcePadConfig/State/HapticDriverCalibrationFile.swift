import ForcePadCore

/// The DRV2605L's saved auto-calibration in the state directory, with the actuator settings
/// it was measured with: written by `haptic calibrate`, written back to the chip at every
/// start. A calibration measured with other actuator settings than the board's is refused
/// (calibrate again), so a changed board file never drives an actuator with stale values.
///
/// ```
/// board = "sim"
/// version = "0.1.0"
/// written = "2026-11-25T02:00:00Z"
/// actuator = "lra"
/// rated_voltage_code = 83
/// overdrive_clamp_code = 117
/// lra_resonance_hz = 175
/// compensation = 13     # A_CAL_COMP
/// back_emf = 120        # A_CAL_BEMF
/// back_emf_gain = 1     # FEEDBACK BEMF_GAIN
/// ```
public enum HapticDriverCalibrationFile {
    /// File name of `board`'s driver calibration inside the state directory.
    public static func fileName(board: String) -> String { "haptic-driver-\(board).toml" }

    /// Reads the file at `path` for `board`'s driver `driver`; errors name the file, line and key.
    public static func load(path: String, board: String, driver: HapticDriverDescription) throws(ConfigError) -> DRV2605LCalibration {
        try parse(text: TextFileReader.read(path: path), file: path, board: board, driver: driver)
    }

    public static func parse(
        text: String, file: String, board: String, driver: HapticDriverDescription
    ) throws(ConfigError) -> DRV2605LCalibration {
        let document = try ConfigDocument(text: text, file: file)
        let root = document.rootReader()
        let boardName = try root.requiredString("board", expected: "the board name")
        _ = try root.requiredString("version", expected: "the ForcePad version that wrote the file")
        _ = try root.requiredString("written", expected: "the time the file was written")
        let actuator: DRV2605LActuator? = try root.choice("actuator", noun: "actuator type")
        let rated = try root.integer("rated_voltage_code", expected: "RATED_VOLTAGE 0…255", range: 0...255)
        let clamp = try root.integer("overdrive_clamp_code", expected: "OD_CLAMP 0…255", range: 0...255)
        let resonance = try root.integer("lra_resonance_hz", expected: "the LRA's resonance in Hz")
        let compensation = try required(root, "compensation", "A_CAL_COMP 0…255", range: 0...255)
        let backEMF = try required(root, "back_emf", "A_CAL_BEMF 0…255", range: 0...255)
        let gain = try required(root, "back_emf_gain", "BEMF_GAIN 0…3", range: 0...3)
        try root.finish()
        guard boardName == board else {
            throw root.error("board", "this driver calibration is for board \(QuotedValue.quoted(boardName)), not '\(board)'; run haptic calibrate")
        }
        guard actuator == driver.actuator, rated == Int(driver.ratedVoltageCode), clamp == Int(driver.overdriveClampCode),
            resonance == driver.resonanceHertz
        else {
            throw root.error(
                "actuator", "measured with other actuator settings than the board file's [haptic.driver]; run haptic calibrate")
        }
        return DRV2605LCalibration(compensation: UInt8(compensation), backEMF: UInt8(backEMF), backEMFGain: UInt8(gain))
    }

    /// The file's text for `calibration` of `board`'s `driver`, written by `version` at `timestamp`.
    public static func render(
        _ calibration: DRV2605LCalibration, board: String, driver: HapticDriverDescription, version: String, timestamp: String
    ) -> String {
        var lines = [
            "# ForcePad DRV2605L auto-calibration and the actuator settings it was measured with.",
            "# Written by haptic calibrate; written back to the chip at every start.",
            "board = \(TOMLText.string(board))",
            "version = \(TOMLText.string(version))",
            "written = \(TOMLText.string(timestamp))",
            "actuator = \"\(driver.actuator.rawValue)\"",
            "rated_voltage_code = \(driver.ratedVoltageCode)",
            "overdrive_clamp_code = \(driver.overdriveClampCode)",
        ]
        if let resonance = driver.resonanceHertz { lines.append("lra_resonance_hz = \(resonance)") }
        lines += [
            "compensation = \(calibration.compensation)     # A_CAL_COMP",
            "back_emf = \(calibration.backEMF)     # A_CAL_BEMF",
            "back_emf_gain = \(calibration.backEMFGain)     # FEEDBACK BEMF_GAIN",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func required(
        _ root: TableReader, _ key: String, _ expected: String, range: ClosedRange<Int>
    ) throws(ConfigError) -> Int {
        guard let value = try root.integer(key, expected: expected, range: range) else {
            throw root.error(key, "missing; the file is damaged: run haptic calibrate")
        }
        return value
    }
}
