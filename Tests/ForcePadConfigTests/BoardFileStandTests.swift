import ForcePadConfig
import ForcePadCore
import Testing

/// `[stand]`: a real stand's port and limits, the sim board's simulated stand and its spring,
/// and a one-line `file:line: key:` error for every wrong value.
@Suite("Board file test stand")
struct BoardFileStandTests {
    /// The valid board of ``BoardFileErrorTests`` with `stand` appended; the table starts on line 17.
    private func board(_ stand: String) throws -> BoardDescription {
        try BoardFileLoader.parse(text: BoardFileErrorTests.valid + "\n" + stand, file: "boards/bench.toml")
    }

    private func message(_ stand: String) -> String? {
        let error = #expect(throws: ConfigError.self) { _ = try board(stand) }
        return error?.description
    }

    private static let esm303 = "[stand]\nmodel = \"esm303\"\ndevice = \"/dev/ttyUSB1\"\nforce_limit = \"2kg\""

    @Test func noStandTableMeansNoStand() throws {
        #expect(try board("").stand == nil)
    }

    @Test func anESM303WithItsDefaults() throws {
        let stand = try #require(try board(Self.esm303).stand)
        #expect(stand == StandDescription(
            model: .esm303, device: "/dev/ttyUSB1", baud: 115_200, maxSpeed: 300_000, travelLimits: 0...50_000,
            forceLimit: .grams(2_000), commandPeriodMicros: 50_000))
    }

    @Test func everyKeyOfARealStand() throws {
        let stand = try #require(try board(Self.esm303 + "\nbaud = 9600\ntravel_unit = \"mm\"\nmax_speed = 1100\ntravel = [0.5, 25]\ncommand_period = \"20ms\"\nsilent_periods = 5").stand)
        #expect(stand.baud == 9_600)
        #expect(stand.maxSpeed == 1_100_000)
        #expect(stand.travelLimits == 500...25_000)
        #expect(stand.commandPeriodMicros == 20_000)
        #expect(stand.silenceLimitMicros == 100_000)
        #expect(stand.simulation == nil)
    }

    @Test func theSimBoardsStandIsSimulatedWithItsSpring() throws {
        let text = BoardFileReferenceTests.simBoard + """

            [reference]
            model = "sim"
            [stand]
            model = "gcode"
            force_limit = "800g"
            acceleration = 500
            contact = 1.5
            stiffness = 250
            snap_at = 0.8
            snap_width = 0.1
            snap_drop = "50g"
            """
        let stand = try #require(try BoardFileLoader.parse(text: text, file: "s.toml").stand)
        #expect(stand.device == nil)
        #expect(stand.simulation == SimulatedStandSettings(acceleration: 500_000, contact: 1_500, stiffness: 250, snapAt: 800, snapWidth: 100, snapDrop: .grams(50)))
    }

    @Test func everyWrongValueNamesItsLineAndKey() {
        #expect(message("[stand]\nforce_limit = \"2kg\"")
            == "boards/bench.toml:17: stand.model: missing; give the stand's protocol, esm303 or gcode")
        #expect(message("[stand]\nmodel = \"esm303\"\ndevice = \"/dev/ttyUSB1\"")?.hasPrefix(
            "boards/bench.toml:18: stand.model: the stand needs force_limit = the force that stops it at once") == true)
        #expect(message("[stand]\nmodel = \"esm303\"\nforce_limit = \"2kg\"")
            == "boards/bench.toml:18: stand.model: the stand needs device = \"/dev/ttyUSB1\" (its USB-serial port)")
        #expect(message(Self.esm303 + "\nbaud = 1234")
            == "boards/bench.toml:21: stand.baud: 1234 is not a supported baud rate; use one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600")
        #expect(message(Self.esm303 + "\ntravel_unit = \"in\"")?.hasPrefix("boards/bench.toml:21: stand.travel_unit: 'in' is not a travel unit") == true)
        #expect(message(Self.esm303 + "\nmax_speed = 2000")
            == "boards/bench.toml:21: stand.max_speed: 2000.0 is out of range; allowed: 0.5…1100")
        #expect(message(Self.esm303 + "\ntravel = [25, 5]")
            == "boards/bench.toml:21: stand.travel: give [lowest, highest] with lowest below highest, such as [0, 25]")
        #expect(message(Self.esm303 + "\ntravel = [0, 2000]")
            == "boards/bench.toml:21: stand.travel: 2000mm is out of range; allowed: 0mm…1000mm")
        #expect(message(Self.esm303 + "\ncommand_period = \"2s\"")?.hasPrefix("boards/bench.toml:21: stand.command_period: 2s is out of range") == true)
        #expect(message(Self.esm303 + "\nsilent_periods = 1")
            == "boards/bench.toml:21: stand.silent_periods: 1 is out of range; allowed: 2…20")
        #expect(message(Self.esm303 + "\nstiffness = 200")?.hasPrefix("boards/bench.toml:21: stand.stiffness: unknown key") == true)
        #expect(message("[stand]\nmodel = \"gcode\"\ndevice = \"/dev/ttyUSB1\"\nforce_limit = \"2kg\"")?.hasPrefix(
            "boards/bench.toml:18: stand.model: a G-code stage has no force gauge of its own: add a [reference] sensor") == true)
        #expect(message("[stand]\nmodel = \"esm303\"\ndevice = \"ttyUSB1\"\nforce_limit = \"2kg\"")?.hasPrefix(
            "boards/bench.toml:19: stand.device: 'ttyUSB1' is not a device path") == true)
    }

    @Test func theSimBoardsStandHasNoDevice() {
        let text = BoardFileReferenceTests.simBoard + "\n[stand]\nmodel = \"esm303\"\ndevice = \"/dev/ttyUSB1\"\nforce_limit = \"1kg\""
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "s.toml") }
        #expect(error?.description.contains("stand.device: the sim board's stand is simulated on a pseudo-terminal: remove device") == true)
    }
}
