import ForcePadConfig
import ForcePadCore
import Testing

/// Each case changes one thing in a valid board and checks the whole message: file, line,
/// key, what is wrong and what is allowed.
@Suite("Board file errors")
struct BoardFileErrorTests {
    /// A valid board; line numbers below refer to it.
    static let valid = """
        name = "bench"
        [i2c]
        device = "/dev/i2c-1"
        clock_hz = 400000
        [[adc]]
        model = "ads7830"
        inputs = [0, 1, 2, 3]
        [pad]
        layout = "strip"
        cells = 4
        [sampling]
        rate_hz = 1000
        [haptic]
        line = "GPIO18"
        [calibration]
        points = [[0, 0], [128, 150], [196, 500]]
        """

    /// The error `valid` with `old` replaced by `new` gives, as text.
    static func message(replacing old: String, with new: String, file: String = "boards/bench.toml") -> String? {
        let text = valid.replacing(old, with: new)
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: file) }
        return error?.description
    }

    @Test func theValidBoardLoads() throws {
        let board = try BoardFileLoader.parse(text: Self.valid, file: "bench.toml")
        #expect(board.name == "bench")
        #expect(board.summary == "")
        #expect(board.adcs == [ADCDescription(model: .ads7830, address: 0x48, inputs: [0, 1, 2, 3], dataRate: 0)])
        #expect(board.serial == SerialPortDescription(device: "/dev/serial0", baud: 115_200))
        #expect(board.calibration.points[1] == CalibrationPoint(counts: 128, force: .grams(150)))
    }

    @Test func unknownKeySuggestsTheNearestAndListsTheAllowedOnes() {
        #expect(Self.message(replacing: "clock_hz =", with: "clok_hz =", file: "boards/x.toml")
            == "boards/x.toml:4: i2c.clok_hz: unknown key; did you mean 'clock_hz'? (allowed here: mux, device, clock_hz)")
    }

    @Test func unknownTableWithoutACloseKeyListsTheAllowedOnes() {
        #expect(Self.message(replacing: "[sampling]", with: "[leds]\ncount = 2\n[sampling]")
            == "boards/bench.toml:11: leds: unknown key (allowed here: name, description, i2c, adc, pad, sampling, haptic, feedback, serial, calibration, sim, reference, accelerometer, stand)")
    }

    @Test func wrongType() {
        #expect(Self.message(replacing: "rate_hz = 1000", with: "rate_hz = \"fast\"")
            == "boards/bench.toml:12: sampling.rate_hz: expected frames per second such as 1000, found a string")
    }

    @Test func clockOutOfRange() {
        #expect(Self.message(replacing: "clock_hz = 400000", with: "clock_hz = 5000000")
            == "boards/bench.toml:4: i2c.clock_hz: 5000000 Hz is out of range; allowed: 10000…3400000 Hz")
    }

    @Test func clockAboveThePCF8591Limit() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"pcf8591\"")
            == "boards/bench.toml:4: i2c.clock_hz: 400000 Hz is above the PCF8591's limit of 100000 Hz; lower clock_hz to 100000 or less")
    }

    @Test func rateAboveTheConverterCeilingGivesTheCeiling() {
        let text = Self.valid
            .replacing("inputs = [0, 1, 2, 3]", with: "inputs = [0, 1, 2, 3, 4, 5, 6, 7]")
            .replacing("cells = 4", with: "cells = 8")
            .replacing("rate_hz = 1000", with: "rate_hz = 3000")
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "x.toml") }
        #expect(error?.description
            == "x.toml:12: sampling.rate_hz: 3000 Hz is above what 1× ADS7830 with 8 inputs can deliver at 400000 Hz I2C: ceiling 1315 Hz; lower rate_hz or the number of inputs")
    }

    @Test func ads1115CeilingNamesTheDataRate() {
        let message = Self.message(
            replacing: "model = \"ads7830\"", with: "model = \"ads1115\"\ndata_rate = 475")
        #expect(message
            == "boards/bench.toml:13: sampling.rate_hz: 1000 Hz is above what 1× ADS1115 with 4 inputs at 475 SPS can deliver at 400000 Hz I2C: ceiling 93 Hz; lower rate_hz or the number of inputs")
    }

    @Test func inputOutOfRange() {
        #expect(Self.message(replacing: "inputs = [0, 1, 2, 3]", with: "inputs = [0, 1, 2, 8]")
            == "boards/bench.toml:7: adc[0].inputs: input 8 is out of range; ADS7830 inputs are 0…7")
    }

    @Test func inputListedTwice() {
        #expect(Self.message(replacing: "inputs = [0, 1, 2, 3]", with: "inputs = [0, 1, 1, 3]")
            == "boards/bench.toml:7: adc[0].inputs: input 1 is listed twice; list each input once")
    }

    @Test func cellCountDifferentFromInputs() {
        #expect(Self.message(replacing: "cells = 4", with: "cells = 5")
            == "boards/bench.toml:10: pad.cells: 5 cells but the converters have 4 inputs; cells must equal the number of inputs")
    }

    @Test func gridCellCountDifferentFromInputs() {
        #expect(Self.message(replacing: "layout = \"strip\"\ncells = 4", with: "layout = \"grid\"\nrows = 2\ncolumns = 3")
            == "boards/bench.toml:10: pad.rows: grid 2×3 has 6 cells but the converters have 4 inputs; rows × columns must equal the number of inputs")
    }

    @Test func nonMonotonicCalibrationPointsAtTheBadPoint() {
        let message = Self.message(
            replacing: "points = [[0, 0], [128, 150], [196, 500]]",
            with: "points = [\n    [0, 0],\n    [128, 150],\n    [100, 200],\n]")
        #expect(message
            == "boards/bench.toml:19: calibration.points: point 3: counts must increase strictly from one point to the next")
    }

    @Test func calibrationCountsAboveFullScale() {
        #expect(Self.message(replacing: "[196, 500]", with: "[300, 500]")
            == "boards/bench.toml:16: calibration.points: point 3: counts 300 is out of range; the ADS7830 reads 0…255")
    }

    @Test func calibrationForcesMayCarryUnits() throws {
        let text = Self.valid.replacing("[128, 150]", with: "[128, \"1.5N\"]")
        let board = try BoardFileLoader.parse(text: text, file: "bench.toml")
        #expect(board.calibration.points[1].force == Force(milligrams: 152_957))
    }

    @Test func syntaxErrorGivesTheParserLine() {
        let error = #expect(throws: ConfigError.self) {
            try BoardFileLoader.parse(text: Self.valid.replacing("rate_hz = 1000", with: "rate_hz = = 1000"), file: "b.toml")
        }
        #expect(error?.file == "b.toml")
        #expect(error?.line == 12)
        #expect(error?.key == "syntax")
        #expect(error?.description.hasPrefix("b.toml:12: syntax: ") == true)
    }

    @Test func missingFile() {
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.load(path: "/nonexistent/board.toml") }
        #expect(error?.description == "/nonexistent/board.toml: file: cannot read: No such file or directory; check the path")
        #expect(error?.line == nil)
        #expect(error?.key == "file")
    }

    @Test func simTableOnARealBoard() {
        #expect(Self.message(replacing: "[calibration]", with: "[sim]\nnoise = \"1g\"\n[calibration]")
            == "boards/bench.toml:15: sim: only for boards whose converters are model sim; remove [sim] (this board reads ads7830)")
    }

    @Test func dataRateOnAnADS7830() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"ads7830\"\ndata_rate = 860")
            == "boards/bench.toml:7: adc[0].data_rate: the ADS7830 has no data rate setting; remove data_rate (only ads1115 and ads1015 take one)")
    }

    @Test func dataRateTheADS1115DoesNotHave() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"ads1115\"\ndata_rate = 900")
            == "boards/bench.toml:7: adc[0].data_rate: 900 is not a data rate of the ADS1115; use one of 8, 16, 32, 64, 128, 250, 475, 860 (samples per second)")
    }

    @Test func fullScaleOnAnADS7830() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"ads7830\"\nfull_scale_v = 4.096")
            == "boards/bench.toml:7: adc[0].full_scale_v: the ADS7830 has no programmable gain; remove full_scale_v (only ads1115 and ads1015 take one)")
    }

    @Test func fullScaleTheADS1115DoesNotHave() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"ads1115\"\nfull_scale_v = 3.3")
            == "boards/bench.toml:7: adc[0].full_scale_v: 3.3 V is not a range of the ADS1115; use one of 6.144, 4.096, 2.048, 1.024, 0.512, 0.256 (volts, ±)")
    }

    @Test func fullScaleIsReadInMillivolts() throws {
        let text = Self.valid.replacingOccurrences(of: "model = \"ads7830\"", with: "model = \"ads1115\"\nfull_scale_v = 2.048\ndata_rate = 475")
            .replacingOccurrences(of: "rate_hz = 1000", with: "rate_hz = 90")
        let board = try BoardFileLoader.parse(text: text, file: "boards/bench.toml")
        #expect(board.adcs.first?.fullScaleMillivolts == 2048)
        #expect(board.adcs.first?.dataRate == 475)
    }

    @Test func unknownModelSuggestsTheNearest() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"ads7380\"")
            == "boards/bench.toml:6: adc[0].model: 'ads7380' is not an ADC model; did you mean 'ads7830'? (allowed: ads1115, ads1015, ads7830, pcf8591, sim)")
    }

    @Test func mixingSimWithRealConverters() {
        #expect(Self.message(replacing: "[pad]", with: "[[adc]]\nmodel = \"sim\"\ninputs = [0]\n[pad]")
            == "boards/bench.toml:9: adc[1].model: sim cannot be mixed with ads7830 (adc[0]); a board uses either only sim or only real converters")
    }

    @Test func twoConvertersOnOneAddress() {
        #expect(Self.message(replacing: "[pad]", with: "[[adc]]\nmodel = \"ads1115\"\ninputs = [0]\n[pad]")
            == "boards/bench.toml:8: adc[1].address: 0x48 is already used by adc[0]; give each converter on the bus its own address (set by its ADDR pin)")
    }

    @Test func addressOutOfRangeIsShownInHex() {
        #expect(Self.message(replacing: "model = \"ads7830\"", with: "model = \"ads7830\"\naddress = 0x78")
            == "boards/bench.toml:7: adc[0].address: 0x78 is out of range; allowed: 0x03…0x77 (7-bit I2C addresses)")
    }

    @Test func realConverterWithoutI2C() {
        #expect(Self.message(replacing: "[i2c]\ndevice = \"/dev/i2c-1\"\nclock_hz = 400000\n", with: "")
            == "boards/bench.toml: i2c: missing; the ADS7830 needs [i2c] with device = \"/dev/i2c-1\" and clock_hz")
    }

    @Test func i2cDeviceMustBeADevicePath() {
        #expect(Self.message(replacing: "device = \"/dev/i2c-1\"", with: "device = \"i2c-1\"")
            == "boards/bench.toml:3: i2c.device: 'i2c-1' is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
    }

    @Test func missingHapticLinePointsAtTheTable() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "active = \"low\"")
            == "boards/bench.toml:13: haptic.line: missing; give line = \"GPIO18\" (the line's name), or chip and offset (its number on that chip)")
    }

    @Test func unsupportedBaud() {
        #expect(Self.message(replacing: "[calibration]", with: "[serial]\nbaud = 100000\n[calibration]")
            == "boards/bench.toml:16: serial.baud: 100000 is not a supported baud rate; use one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600")
    }

    @Test func simConverterNeedsItsInputsListed() {
        let text = """
            name = "s"
            [[adc]]
            model = "sim"
            """
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "s.toml") }
        #expect(error?.description
            == "s.toml:2: adc[0].inputs: missing; the sim converter needs its inputs listed, e.g. inputs = [0, 1, 2, 3] (0…255)")
    }

    @Test func moreInputsThanABoardHasCells() {
        let inputs = "inputs = [" + (0...128).map(String.init).joined(separator: ", ") + "]"
        let text = """
            name = "s"
            [[adc]]
            model = "sim"
            \(inputs)
            [[adc]]
            model = "sim"
            \(inputs)
            """
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "s.toml") }
        #expect(error?.description == "s.toml:5: adc: 258 inputs in all; a board has at most 256 cells")
    }

    @Test func missingConverters() {
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: "name = \"s\"", file: "s.toml") }
        #expect(error?.description
            == "s.toml: adc: missing; give at least one [[adc]] table with a model (ads1115, ads1015, ads7830, pcf8591, sim)")
    }

    @Test func simBoardAcceptsAnI2CTableAndIgnoresIt() throws {
        let text = """
            name = "s"
            [i2c]
            device = "/dev/i2c-1"
            [[adc]]
            model = "sim"
            inputs = [0, 1]
            [sampling]
            rate_hz = 10000
            [haptic]
            line = "GPIO18"
            [calibration]
            points = [[0, 0], [4095, "500g"]]
            [sim]
            noise = 0.5
            rise = 5
            """
        let board = try BoardFileLoader.parse(text: text, file: "s.toml")
        #expect(board.bus == nil)
        #expect(board.geometry == .strip(cells: 2))
        #expect(board.simulation == SimulationSettings(noise: Force(milligrams: 500), seed: 1, riseMicros: 5_000))
    }
}
