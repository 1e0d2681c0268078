import ForcePadCore

/// The board's haptic driver chip as `status` and `haptic stats` show it: where it is, the actuator,
/// the trigger, whether a calibration is saved, the last failed transfer, and how many stages
/// fired before their own sequence was loaded.
struct HapticDriverReport {
    let description: HapticDriverDescription
    let calibrationSaved: Bool
    /// The last failed transfer or check, nil when none failed.
    let lastError: String?
    /// Stages that fired before their sequence was in the slots (``HapticDriverStages``); nil
    /// where nothing ran (probe, a recording's settings).
    var lateSequences: UInt64? = nil

    /// The chip's part name, as `model` in the board file names it in upper case.
    var model: String { description.chip.model }

    /// `DRV2605L at 0x5a on /dev/i2c-1` or `… (simulated)`.
    var whereText: String {
        "\(model) at 0x\(String(description.address, radix: 16)) " + (description.busDevice.map { "on \($0)" } ?? "(simulated)")
    }

    /// The board file's part: `DRV2605L at 0x5a (simulated), LRA (LRA library), trigger gpio-edge`.
    var settingsText: String {
        "\(whereText), \(description.actuator.rawValue.uppercased()) (\(description.library.name)), trigger \(description.trigger.rawValue)"
    }

    /// One line: `DRV2605L at 0x5a (simulated), LRA (LRA library), trigger gpio-edge, calibration saved, last I2C error none, 0 late sequences`.
    var summary: String {
        settingsText + ","
            + " calibration \(calibrationSaved ? "saved" : "not saved"), last I2C error \(lastError ?? "none")"
            + (lateSequences.map { ", " + CountText.of($0, "late sequence") } ?? "")
    }

    var fields: [(String, JSONValue)] {
        [
            ("model", .string(model)),
            ("address", .int(Int64(description.address))),
            ("bus", description.busDevice.map { .string($0) } ?? .null),
            ("actuator", .string(description.actuator.rawValue)),
            ("library", .string(description.library.name)),
            ("trigger", .string(description.trigger.rawValue)),
            ("calibration_saved", .bool(calibrationSaved)),
            ("last_error", lastError.map { .string($0) } ?? .null),
            ("late_sequences", lateSequences.map { .int(Int64($0)) } ?? .null),
        ]
    }
}
