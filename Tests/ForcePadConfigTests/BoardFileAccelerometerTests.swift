import ForcePadConfig
import ForcePadCore
import Testing

/// `[accelerometer]`: the chip's keys, their defaults, and one message per wrong value with
/// file, line and key.
@Suite("Board file accelerometer")
struct BoardFileAccelerometerTests {
    /// A board with an ADXL345; line numbers below refer to it ([accelerometer] on line 17).
    static let valid = BoardFileErrorTests.valid + """

        [accelerometer]
        model = "adxl345"
        """

    static func message(replacing old: String, with new: String) -> String? {
        let text = valid.replacing(old, with: new)
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "b.toml") }
        return error?.description
    }

    @Test func anADXL345GetsTheBoardsBusAndTheDefaults() throws {
        let board = try BoardFileLoader.parse(text: Self.valid, file: "b.toml")
        #expect(
            board.accelerometer
                == AccelerometerDescription(
                    model: .adxl345, busDevice: "/dev/i2c-1", address: 0x53, range: .fourG, rateHz: 3200, axis: .magnitude))
        #expect(try BoardFileLoader.parse(text: BoardFileErrorTests.valid, file: "b.toml").accelerometer == nil)
    }

    @Test func aLIS3DHTakesItsBusAddressRangeRateAndAxis() throws {
        let text = Self.valid.replacing(
            "model = \"adxl345\"",
            with: "model = \"lis3dh\"\nbus = \"/dev/i2c-3\"\naddress = 0x19\nrange = \"16g\"\nrate_hz = 1344\naxis = \"z\"")
        let accelerometer = try #require(try BoardFileLoader.parse(text: text, file: "b.toml").accelerometer)
        #expect(
            accelerometer
                == AccelerometerDescription(
                    model: .lis3dh, busDevice: "/dev/i2c-3", address: 0x19, range: .sixteenG, rateHz: 1344, axis: .z))
    }

    @Test func aChipOnSPITakesItsSpidevDevice() throws {
        let text = Self.valid.replacing("model = \"adxl345\"", with: "model = \"adxl345\"\nspi_device = \"/dev/spidev0.1\"\naxis = \"z\"")
        let accelerometer = try #require(try BoardFileLoader.parse(text: text, file: "b.toml").accelerometer)
        #expect(
            accelerometer
                == AccelerometerDescription(
                    model: .adxl345, busDevice: nil, address: 0x53, range: .fourG, rateHz: 3200, axis: .z, spiDevice: "/dev/spidev0.1"))
    }

    @Test func wrongValuesNameTheKeyAndTheFix() {
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"mpu6050\"")?
            .hasPrefix("b.toml:18: accelerometer.model: 'mpu6050' is not an accelerometer model") == true)
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\naddress = 0x18")
            == "b.toml:19: accelerometer.address: an ADXL345 answers at 0x53 or 0x1D only; give one of them")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\nrate_hz = 1600")
            == "b.toml:19: accelerometer.rate_hz: the ADXL345 is read at its fastest, 3200 Hz: give 3200 or remove rate_hz")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\nrange = \"3g\"")
            == "b.toml:19: accelerometer.range: '3g' is not a range; did you mean '2g'? (allowed: 2g, 4g, 8g, 16g)")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\nspi_device = \"/dev/spidev0.0\"\nbus = \"/dev/i2c-1\"")
            == "b.toml:19: accelerometer.spi_device: the chip is on SPI or on I2C, not both: remove bus or spi_device")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\nspi_device = \"/dev/spidev0.0\"\naddress = 0x53")
            == "b.toml:20: accelerometer.address: on SPI the chip select picks the chip, not an address: remove address")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\nspi_device = \"spi0\"")
            == "b.toml:19: accelerometer.spi_device: 'spi0' is not an SPI device; give spidev's character device, e.g. \"/dev/spidev0.0\"")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\nbus = \"i2c-1\"")
            == "b.toml:19: accelerometer.bus: 'i2c-1' is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "model = \"adxl345\"\naxes = \"z\"")?
            .hasPrefix("b.toml:19: accelerometer.axes: unknown key; did you mean 'axis'?") == true)
        #expect(Self.message(replacing: "model = \"adxl345\"", with: "")?
            .hasSuffix("accelerometer.model: missing; give model = \"adxl345\" or \"lis3dh\", as fitted") == true)
    }

    @Test func theSimBoardsAccelerometerIsSimulatedAndTakesNoBus() {
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
            [accelerometer]
            model = "adxl345"
            bus = "/dev/i2c-1"
            [calibration]
            points = [[0, 0], [4095, 500]]
            """
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: sim, file: "s.toml") }
        #expect(error?.description == "s.toml:14: accelerometer.bus: the sim board's accelerometer is simulated and has no bus: remove bus")
        let simulated = try? BoardFileLoader.parse(text: sim.replacing("bus = \"/dev/i2c-1\"\n", with: ""), file: "s.toml")
        #expect(simulated?.accelerometer?.busDevice == nil)
        #expect(simulated?.accelerometer?.model == .adxl345)
    }
}
