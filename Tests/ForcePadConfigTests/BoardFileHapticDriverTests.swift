import ForcePadConfig
import ForcePadCore
import Testing

/// `[haptic.driver]`: the DRV2605L's keys, their defaults, and one message per wrong value
/// with file, line and key.
@Suite("Board file haptic driver")
struct BoardFileHapticDriverTests {
    /// A board with an LRA on a DRV2605L; line numbers below refer to it.
    static let valid = BoardFileErrorTests.valid + """

        [haptic.driver]
        model = "drv2605l"
        actuator = "lra"
        rated_voltage = "2.0V"
        overdrive_clamp = "2.5V"
        lra_resonance = "175Hz"
        """

    static func message(replacing old: String, with new: String) -> String? {
        let text = valid.replacing(old, with: new)
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "b.toml") }
        return error?.description
    }

    @Test func anLRABoardGetsTheLRALibraryTheBusAndTheDefaults() throws {
        let board = try BoardFileLoader.parse(text: Self.valid, file: "b.toml")
        // 2.0 V RMS at 175 Hz: 2.0 × √(1 − 1.5 ms × 175) / 20.58 mV = 83.5 → 83 (0x53);
        // 2.5 V peak / 21.32 mV = 117.
        #expect(
            board.hapticDriver
                == HapticDriverDescription(
                    busDevice: "/dev/i2c-1", address: 0x5A, actuator: .lra, library: .lra, ratedVoltageCode: 83,
                    overdriveClampCode: 117, resonanceHertz: 175, trigger: .gpioEdge))
    }

    @Test func anERMBoardChoosesItsLibraryBusAddressAndTrigger() throws {
        let text = BoardFileErrorTests.valid + """

            [haptic.driver]
            model = "drv2605l"
            bus = "/dev/i2c-3"
            address = 0x5B
            actuator = "erm"
            library = "c"
            rated_voltage = "3.0V"
            overdrive_clamp = "3300mV"
            trigger = "i2c"
            """
        let driver = try #require(try BoardFileLoader.parse(text: text, file: "b.toml").hapticDriver)
        #expect(driver.busDevice == "/dev/i2c-3")
        #expect(driver.address == 0x5B)
        #expect(driver.library == .ermC)
        // 3.0 V / 21.96 mV = 136.6 → 137; 3.3 V → 150.
        #expect(driver.ratedVoltageCode == 137)
        #expect(driver.overdriveClampCode == 150)
        #expect(driver.resonanceHertz == nil)
        #expect(driver.trigger == .i2c)
    }

    @Test func aBoardWithoutTheTableHasNoDriver() throws {
        #expect(try BoardFileLoader.parse(text: BoardFileErrorTests.valid, file: "b.toml").hapticDriver == nil)
    }

    @Test func wrongValuesNameTheKeyAndTheFix() {
        #expect(Self.message(replacing: "model = \"drv2605l\"", with: "model = \"drv2604\"")
            == "b.toml:18: haptic.driver.model: 'drv2604' is not a haptic driver model; did you mean 'drv2605l'? (allowed: drv2605l)")
        #expect(Self.message(replacing: "actuator = \"lra\"", with: "actuator = \"piezo\"")
            == "b.toml:19: haptic.driver.actuator: 'piezo' is not an actuator type; use one of erm, lra")
        #expect(Self.message(replacing: "actuator = \"lra\"", with: "actuator = \"lra\"\nlibrary = \"a\"")
            == "b.toml:20: haptic.driver.library: an LRA plays the LRA library, the only one made for it: remove library")
        #expect(Self.message(replacing: "lra_resonance = \"175Hz\"", with: "")
            == "b.toml:17: haptic.driver.lra_resonance: missing; an LRA needs its resonance for the drive time: add lra_resonance = \"175Hz\" from the actuator's datasheet")
        #expect(Self.message(replacing: "lra_resonance = \"175Hz\"", with: "lra_resonance = \"50Hz\"")
            == "b.toml:22: haptic.driver.lra_resonance: 50Hz is out of range; allowed: 100Hz…500Hz")
        #expect(Self.message(replacing: "rated_voltage = \"2.0V\"", with: "rated_voltage = \"2.0\"")
            == "b.toml:20: haptic.driver.rated_voltage: '2.0' needs a unit: one of V, mV")
        #expect(Self.message(replacing: "rated_voltage = \"2.0V\"", with: "rated_voltage = \"9V\"")
            == "b.toml:20: haptic.driver.rated_voltage: 9.00V is above what the DRV2605L can drive (about 6.10V here); lower rated_voltage")
        #expect(Self.message(replacing: "overdrive_clamp = \"2.5V\"", with: "overdrive_clamp = \"1.5V\"")
            == "b.toml:21: haptic.driver.overdrive_clamp: 1.50V is below rated_voltage 2.00V; the clamp bounds overdrive and must be at least the rated voltage")
        #expect(Self.message(replacing: "lra_resonance = \"175Hz\"", with: "lra_resonance = \"175Hz\"\ntrigger = \"edge\"")
            == "b.toml:23: haptic.driver.trigger: 'edge' is not a trigger; use one of gpio-edge, gpio-level, i2c")
        #expect(Self.message(replacing: "model = \"drv2605l\"", with: "model = \"drv2605l\"\naddress = 0x90")
            == "b.toml:19: haptic.driver.address: 144 is out of range; allowed: 3…119")
        #expect(Self.message(replacing: "model = \"drv2605l\"", with: "model = \"drv2605l\"\nbus = \"i2c-1\"")
            == "b.toml:19: haptic.driver.bus: 'i2c-1' is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
    }

    @Test func anERMNeedsNoResonanceAndTheSimBoardNoBus() {
        #expect(
            Self.message(replacing: "actuator = \"lra\"", with: "actuator = \"erm\"")
                == "b.toml:22: haptic.driver.lra_resonance: only for an LRA; an ERM has no resonance: remove lra_resonance")
        let sim = """
            name = "s"
            [[adc]]
            model = "sim"
            inputs = [0]
            [pad]
            layout = "strip"
            cells = 1
            [sampling]
            rate_hz = 100
            [haptic]
            line = "GPIO18"
            [haptic.driver]
            model = "drv2605l"
            bus = "/dev/i2c-1"
            actuator = "erm"
            rated_voltage = "3V"
            overdrive_clamp = "3.3V"
            [calibration]
            points = [[0, 0], [4095, 500]]
            """
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: sim, file: "s.toml") }
        #expect(error?.description == "s.toml:14: haptic.driver.bus: the sim board's driver is simulated and has no bus: remove bus")
    }

    @Test func aMissingVoltageAsksForTheActuatorsDatasheetValue() {
        #expect(Self.message(replacing: "rated_voltage = \"2.0V\"", with: "")
            == "b.toml:17: haptic.driver.rated_voltage: missing; give the actuator's rated voltage from its datasheet, e.g. rated_voltage = \"2.0V\" (RMS)")
    }
}
