import ForcePadConfig
import ForcePadCore
import Testing

/// `[reference]` and `[sim] model`: what they read, and one-line errors for what they refuse.
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

    static func message(_ text: String) -> String? {
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "s.toml") }
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
        #expect(Self.message(Self.simBoard + "\n[sim]\nmodel = \"physics\"")
            == "s.toml:12: sim.model: 'physics' is not a sensor model; did you mean 'physical'? (allowed: ideal, physical)")
    }

    @Test func referenceWithoutModel() {
        #expect(Self.message(Self.simBoard + "\n[reference]\nnoise = \"1g\"")
            == "s.toml:11: reference.model: missing; give the reference sensor's model, e.g. model = \"sim\" (one of sim)")
    }

    @Test func unknownReferenceModel() {
        #expect(Self.message(Self.simBoard + "\n[reference]\nmodel = \"loadcell\"")
            == "s.toml:12: reference.model: 'loadcell' is not a reference model; use one of sim")
    }

    @Test func referenceRateOutOfRange() {
        #expect(Self.message(Self.simBoard + "\n[reference]\nmodel = \"sim\"\nrate_hz = 0")
            == "s.toml:13: reference.rate_hz: 0 Hz is out of range; allowed: 1…1000 Hz")
    }

    @Test func unknownReferenceKey() {
        #expect(Self.message(Self.simBoard + "\n[reference]\nmodel = \"sim\"\nrate = 80")?.hasPrefix("s.toml:13: reference.rate:") == true)
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
        #expect(Self.message(real)
            == "s.toml:14: reference.model: \"sim\" is only for boards whose converters are model sim; name this board's load cell or gauge instead")
    }
}
