import ForcePadCore

/// Reads `[haptic.driver]`: the DRV2605L on the I2C bus that drives the actuator. Voltages are
/// the actuator's own (from its datasheet) and become the chip's register codes here.
enum HapticDriverSection {
    static let models = ["drv2605l"]
    static let ermLibraries: [String: DRV2605LLibrary] = ["a": .ermA, "b": .ermB, "c": .ermC, "d": .ermD, "e": .ermE]
    /// LRAs the drive-time and rated-voltage equations cover (Hz).
    static let resonanceRangeHertz = 100...500
    /// 7-bit addresses a device may use (0x03…0x77).
    static let addressRange = 0x03...0x77

    /// The driver `table` describes; `busDevice` is the board's `[i2c] device`, nil when it has
    /// none; `simulated` on the `sim` board, whose driver is a simulated register file.
    static func read(_ table: TableReader, busDevice: String?, simulated: Bool) throws(ConfigError) -> HapticDriverDescription {
        guard try table.oneOf("model", models, noun: "haptic driver model") != nil else {
            throw table.error("model", "missing; give model = \"drv2605l\" (the only driver supported)")
        }
        let bus = try table.string("bus", expected: "an I2C adapter device such as \"/dev/i2c-1\"")
        let address = try table.integer(
            "address", expected: "the chip's 7-bit address such as 0x5A", range: addressRange)
        guard let actuator: DRV2605LActuator = try table.choice("actuator", noun: "actuator type") else {
            throw table.error("actuator", "missing; give actuator = \"lra\" (linear resonant) or \"erm\" (rotating mass), as fitted")
        }
        let libraryName = try table.oneOf("library", ermLibraries.keys.sorted(), noun: "ERM library")
        let rated = try table.voltageMillivolts("rated_voltage")
        let clamp = try table.voltageMillivolts("overdrive_clamp")
        let resonance = try table.frequencyMilliHertz(
            "lra_resonance", range: Int64(resonanceRangeHertz.lowerBound) * 1000...Int64(resonanceRangeHertz.upperBound) * 1000)
        let trigger: HapticDriverTrigger = try table.choice("trigger", noun: "trigger") ?? .gpioEdge
        try table.finish()

        if simulated, bus != nil {
            throw table.error("bus", "the sim board's driver is simulated and has no bus: remove bus")
        }
        let device = simulated ? nil : bus ?? busDevice
        if !simulated, device == nil {
            throw table.error("model", "the DRV2605L needs an I2C bus: give bus = \"/dev/i2c-1\" here or [i2c] device")
        }
        if let device, !device.hasPrefix("/dev/") {
            throw table.error("bus", "\(QuotedValue.quoted(device)) is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
        }
        let library: DRV2605LLibrary
        switch (actuator, libraryName) {
        case (.lra, .some):
            throw table.error("library", "an LRA plays the LRA library, the only one made for it: remove library")
        case (.lra, nil): library = .lra
        case (.erm, let name?): library = ermLibraries[name] ?? .ermA
        case (.erm, nil): library = .ermA
        }
        let resonanceHertz = resonance.map { Int(($0 + 500) / 1000) }
        switch (actuator, resonanceHertz) {
        case (.lra, nil):
            throw table.error(
                "lra_resonance", "missing; an LRA needs its resonance for the drive time: add lra_resonance = \"175Hz\" from the actuator's datasheet")
        case (.erm, .some):
            throw table.error("lra_resonance", "only for an LRA; an ERM has no resonance: remove lra_resonance")
        default: break
        }
        guard let rated else {
            throw table.error(
                "rated_voltage", "missing; give the actuator's rated voltage from its datasheet, e.g. rated_voltage = \"2.0V\""
                    + (actuator == .lra ? " (RMS)" : ""))
        }
        guard let clamp else {
            throw table.error(
                "overdrive_clamp", "missing; give the highest voltage the actuator allows, e.g. overdrive_clamp = \"2.5V\"")
        }
        let ratedCode = try code(
            DRV2605LVoltage.ratedVoltageCode(millivolts: rated, actuator: actuator, resonanceHertz: resonanceHertz) ?? 0,
            key: "rated_voltage", millivolts: rated, table: table)
        let clampCode = try code(
            DRV2605LVoltage.overdriveClampCode(millivolts: clamp, actuator: actuator),
            key: "overdrive_clamp", millivolts: clamp, table: table)
        guard clamp >= rated else {
            throw table.error(
                "overdrive_clamp", "\(volts(clamp)) is below rated_voltage \(volts(rated)); the clamp bounds overdrive and must be at least the rated voltage")
        }
        return HapticDriverDescription(
            busDevice: device, address: UInt8(address ?? Int(HapticDriverDescription.defaultAddress)),
            actuator: actuator, library: library, ratedVoltageCode: ratedCode, overdriveClampCode: clampCode,
            resonanceHertz: resonanceHertz, trigger: trigger)
    }

    /// `value` as a register code, refused when it does not fit 1…255.
    private static func code(_ value: Int, key: String, millivolts: Int, table: TableReader) throws(ConfigError) -> UInt8 {
        guard value >= 1 else {
            throw table.error(key, "\(volts(millivolts)) is too low for the DRV2605L; give the actuator's voltage, e.g. \"2.0V\"")
        }
        guard value <= 255 else {
            let ceiling = millivolts * 255 / value
            throw table.error(key, "\(volts(millivolts)) is above what the DRV2605L can drive (about \(volts(ceiling)) here); lower \(key)")
        }
        return UInt8(value)
    }

    /// `2.0V`, `1.85V`.
    static func volts(_ millivolts: Int) -> String {
        let hundredths = (millivolts + 5) / 10
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)V"
    }
}
