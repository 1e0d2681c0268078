import ForcePadConfig
import ForcePadCore
import Testing

/// `[reference]` and `[sim] model`: the sim board's simulated sensor, a NAU7802 load cell or a
/// serial gauge, their defaults, and a one-line `file:line: key:` error for every wrong value.
@Suite("Board file reference sensor")
struct BoardFileReferenceTests {
    static let simBoard = """
        name = "s"
        [[adc]]
        model = "sim"
        inputs = [0, 1]
        [sampling]
        rate_hz = 1000
        [haptic]
        line = "GPIO18"
        [calibration]
        points = [[0, 0], [4095, "500g"]]
        """

    static func simMessage(_ text: String) -> String? {
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "s.toml") }
        return error?.description
    }

    /// The valid board of ``BoardFileErrorTests`` with `reference` appended; the table starts
    /// on line 17.
    private func board(_ reference: String) throws -> BoardDescription {
        try BoardFileLoader.parse(text: BoardFileErrorTests.valid + "\n" + reference, file: "boards/bench.toml")
    }

    private func message(_ reference: String) -> String? {
        let error = #expect(throws: ConfigError.self) { _ = try board(reference) }
        return error?.description
    }

    @Test func noReferenceTableMeansNoReference() throws {
        let board = try BoardFileLoader.parse(text: Self.simBoard, file: "s.toml")
        #expect(board.reference == nil)
        #expect(board.simulation?.model == .ideal)
    }

    @Test func simReferenceWithItsDefaults() throws {
        let board = try BoardFileLoader.parse(text: Self.simBoard + "\n[reference]\nmodel = \"sim\"", file: "s.toml")
        #expect(board.reference == .simulated(SimulatedReferenceSettings(noise: Force(milligrams: 500), rateHz: 80)))
    }

    @Test func simReferenceNoiseAndRate() throws {
        let board = try BoardFileLoader.parse(
            text: Self.simBoard + "\n[reference]\nmodel = \"sim\"\nnoise = \"2g\"\nrate_hz = 320", file: "s.toml")
        #expect(board.reference == .simulated(SimulatedReferenceSettings(noise: .grams(2), rateHz: 320)))
    }

    @Test func physicalModel() throws {
        let board = try BoardFileLoader.parse(text: Self.simBoard + "\n[sim]\nmodel = \"physical\"", file: "s.toml")
        #expect(board.simulation?.model == .physical)
    }

    @Test func unknownSensorModel() {
        #expect(Self.simMessage(Self.simBoard + "\n[sim]\nmodel = \"physics\"")
            == "s.toml:12: sim.model: 'physics' is not a sensor model; did you mean 'physical'? (allowed: ideal, physical)")
    }

    @Test func referenceWithoutModel() {
        #expect(Self.simMessage(Self.simBoard + "\n[reference]\nnoise = \"1g\"")
            == "s.toml:11: reference.model: missing; give the reference sensor's model, one of sim, nau7802, mark10, imada")
    }

    @Test func unknownReferenceModel() {
        #expect(Self.simMessage(Self.simBoard + "\n[reference]\nmodel = \"loadcell\"")
            == "s.toml:12: reference.model: 'loadcell' is not a reference model; use one of sim, nau7802, mark10, imada")
    }

    @Test func referenceRateOutOfRange() {
        #expect(Self.simMessage(Self.simBoard + "\n[reference]\nmodel = \"sim\"\nrate_hz = 0")
            == "s.toml:13: reference.rate_hz: 0 Hz is out of range; allowed: 1…1000 Hz")
    }

    @Test func unknownReferenceKey() {
        #expect(Self.simMessage(Self.simBoard + "\n[reference]\nmodel = \"sim\"\nrate = 80")?.hasPrefix("s.toml:13: reference.rate:") == true)
    }

    @Test func simReferenceOnARealBoard() {
        let real = """
            name = "bench"
            [i2c]
            device = "/dev/i2c-1"
            [[adc]]
            model = "ads7830"
            inputs = [0, 1, 2, 3]
            [sampling]
            rate_hz = 1000
            [haptic]
            line = "GPIO18"
            [calibration]
            points = [[0, 0], [128, 150], [196, 500]]
            [reference]
            model = "sim"
            """
        #expect(Self.simMessage(real)
            == "s.toml:14: reference.model: \"sim\" is only for boards whose converters are model sim; name this board's load cell or gauge instead")
    }

    @Test func aRealBoardWithoutTheTableHasNoReference() throws {
        #expect(try BoardFileLoader.parse(text: BoardFileErrorTests.valid, file: "bench.toml").reference == nil)
    }

    @Test func aNAU7802DefaultsToTheBoardsBusItsAddressGain128And80SPS() throws {
        let loaded = try board("[reference]\nmodel = \"nau7802\"")
        #expect(
            loaded.reference
                == .loadCell(LoadCellADCDescription(device: "/dev/i2c-1", address: 0x2A, gain: 128, rateSPS: 80, countsPerGram: nil)))
    }

    @Test func aNAU7802TakesEveryKey() throws {
        let loaded = try board(
            "[reference]\nmodel = \"nau7802\"\nbus = \"/dev/i2c-3\"\naddress = 0x2a\ngain = 64\nrate_sps = 320\nscale = 420.5")
        #expect(
            loaded.reference
                == .loadCell(LoadCellADCDescription(device: "/dev/i2c-3", address: 0x2A, gain: 64, rateSPS: 320, countsPerGram: 420.5)))
        let negative = try board("[reference]\nmodel = \"nau7802\"\nscale = -87")
        #expect(negative.reference == .loadCell(LoadCellADCDescription(device: "/dev/i2c-1", gain: 128, rateSPS: 80, countsPerGram: -87)))
    }

    @Test func aGaugeTakesItsDeviceBaudAndRate() throws {
        let mark10 = try board("[reference]\nmodel = \"mark10\"\ndevice = \"/dev/ttyUSB0\"\nbaud = 115200\nrate_hz = 20")
        #expect(mark10.reference == .gauge(ForceGaugeDescription(model: .mark10, device: "/dev/ttyUSB0", baud: 115_200, rateHz: 20)))
        let imada = try board("[reference]\nmodel = \"imada\"\ndevice = \"/dev/ttyUSB1\"\nbaud = 19200")
        #expect(imada.reference == .gauge(ForceGaugeDescription(model: .imada, device: "/dev/ttyUSB1", baud: 19_200, rateHz: 10)))
    }

    @Test func everyWrongValueNamesItsLineAndKey() {
        #expect(message("[reference]\nmodel = \"hx711\"")
            == "boards/bench.toml:18: reference.model: 'hx711' is not a reference model; use one of sim, nau7802, mark10, imada")
        #expect(message("[reference]\nmodel = \"mark11\"")
            == "boards/bench.toml:18: reference.model: 'mark11' is not a reference model; did you mean 'mark10'? (allowed: sim, nau7802, mark10, imada)")
        #expect(message("[reference]\ngain = 64")?.hasPrefix("boards/bench.toml:17: reference.model: missing; give the reference sensor's model, one of sim, nau7802, mark10, imada") == true)
        #expect(message("[reference]\nmodel = \"nau7802\"\ngain = 3")
            == "boards/bench.toml:19: reference.gain: 3 is not a NAU7802 gain; use one of 1, 2, 4, 8, 16, 32, 64, 128")
        #expect(message("[reference]\nmodel = \"nau7802\"\nrate_sps = 100")
            == "boards/bench.toml:19: reference.rate_sps: 100 SPS is not a NAU7802 rate; use one of 10, 20, 40, 80, 320")
        #expect(message("[reference]\nmodel = \"nau7802\"\nscale = 0")
            == "boards/bench.toml:19: reference.scale: 0.0 counts per gram cannot scale a reading; measure it with a known weight (docs/reference-sensors.md)")
        #expect(message("[reference]\nmodel = \"nau7802\"\nscale = \"big\"")
            == "boards/bench.toml:19: reference.scale: expected the load cell's counts per gram such as 420.5, found a string")
        #expect(message("[reference]\nmodel = \"nau7802\"\naddress = 0x80")
            == "boards/bench.toml:19: reference.address: 128 is out of range; allowed: 3…119")
        #expect(message("[reference]\nmodel = \"nau7802\"\nbus = \"i2c-1\"")
            == "boards/bench.toml:19: reference.bus: 'i2c-1' is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
        #expect(message("[reference]\nmodel = \"nau7802\"\naddress = 0x48")
            == "boards/bench.toml:19: reference.address: 0x48 is already used by adc[0] on /dev/i2c-1; give the NAU7802 another bus (its address is fixed)")
        #expect(message("[reference]\nmodel = \"nau7802\"\ndevice = \"/dev/ttyUSB0\"")
            == "boards/bench.toml:19: reference.device: unknown key (allowed here: model, bus, address, gain, rate_sps, scale)")
    }

    @Test func everyWrongGaugeValueNamesItsLineAndKey() {
        #expect(message("[reference]\nmodel = \"mark10\"\nbaud = 9600")
            == "boards/bench.toml:18: reference.model: the gauge needs device = \"/dev/ttyUSB0\" (its USB-serial port)")
        #expect(message("[reference]\nmodel = \"mark10\"\ndevice = \"/dev/ttyUSB0\"")?.hasPrefix(
            "boards/bench.toml:18: reference.model: the gauge needs baud = the rate set in its serial menu (9600, ") == true)
        #expect(message("[reference]\nmodel = \"mark10\"\ndevice = \"ttyUSB0\"\nbaud = 9600")
            == "boards/bench.toml:19: reference.device: 'ttyUSB0' is not a device path; give e.g. \"/dev/ttyUSB0\" or \"/dev/serial/by-id/…\"")
        #expect(message("[reference]\nmodel = \"imada\"\ndevice = \"/dev/ttyUSB0\"\nbaud = 1234")?.hasPrefix(
            "boards/bench.toml:20: reference.baud: 1234 is not a supported baud rate; use one of 9600, ") == true)
        #expect(message("[reference]\nmodel = \"imada\"\ndevice = \"/dev/ttyUSB0\"\nbaud = 9600\nrate_hz = 500")
            == "boards/bench.toml:21: reference.rate_hz: 500 Hz is out of range; allowed: 1…50 Hz")
        #expect(message("[reference]\nmodel = \"imada\"\ndevice = \"/dev/ttyUSB0\"\nbaud = 9600\ngain = 2")
            == "boards/bench.toml:21: reference.gain: unknown key (allowed here: model, device, baud, rate_hz)")
    }
}
