import ForcePadConfig
import ForcePadCore
import Testing

/// A 16×16 matrix read through a TCA9548A switch: 32 ADS7830s, four on each of its eight
/// channels at 0x48…0x4B. What loads, the ceiling the switch's selections lower, and each
/// refusal with its file, line and key.
@Suite struct BoardFileMuxTests {
    /// The board with `converters` (a converter's `[[adc]]` text each) behind the switch at
    /// `mux`, laid out as `pad`, sampled at `rate` Hz.
    static func board(mux: String? = "0x70", converters: [String], pad: String = "layout = \"grid\"\nrows = 16\ncolumns = 16", rate: Int = 40) -> String {
        """
        name = "matrix"
        [i2c]
        device = "/dev/i2c-1"
        clock_hz = 400000
        \(mux.map { "mux = \($0)" } ?? "")
        \(converters.map { "[[adc]]\n\($0)" }.joined(separator: "\n"))
        [pad]
        \(pad)
        [sampling]
        rate_hz = \(rate)
        [haptic]
        line = "GPIO18"
        [calibration]
        points = [[0, 0], [128, 150], [196, 500]]
        """
    }

    /// Channel by channel, four ADS7830s on each (cells in channel order).
    static let matrix = (0..<8).flatMap { channel in
        (0..<4).map { "model = \"ads7830\"\naddress = \(0x48 + $0)\nmux_channel = \(channel)" }
    }

    static func error(_ text: String) -> String? {
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "m.toml") }
        return error?.description
    }

    @Test func aSixteenBySixteenMatrixLoads() throws {
        let board = try BoardFileLoader.parse(text: Self.board(converters: Self.matrix), file: "m.toml")
        #expect(board.geometry == .grid(rows: 16, columns: 16))
        #expect(board.geometry.cellCount == BoardDescription.maxCells)
        #expect(board.bus?.mux == I2CMuxDescription(address: 0x70))
        #expect(board.adcs.map(\.muxChannel) == (0..<8).flatMap { Array(repeating: $0, count: 4) })
        // Eight selections a frame (seven moves and the wrap back to channel 0).
        #expect(board.muxSwitchesPerFrame == 8)
        // 256 reads of 38 bits and 8 selections of 20 bits at 400 kHz: 24,720 µs, 40.45 Hz.
        #expect(abs(board.sampleRateCeilingHz - 1_000_000 / 24_720) < 0.001)
    }

    @Test func aRateAboveWhatTheBusAndTheSwitchCanDeliverIsRefused() {
        #expect(Self.error(Self.board(converters: Self.matrix, rate: 41))
            == "m.toml:139: sampling.rate_hz: 41 Hz is above what 32× ADS7830 with 256 inputs can deliver at 400000 Hz I2C: ceiling 40 Hz; lower rate_hz or the number of inputs")
    }

    @Test func convertersOnOneChannelAreSelectedOnce() throws {
        let four = (0..<4).map { "model = \"ads7830\"\naddress = \(0x48 + $0)\nmux_channel = 5" }
        let board = try BoardFileLoader.parse(text: Self.board(converters: four, pad: "layout = \"grid\"\nrows = 4\ncolumns = 8"), file: "m.toml")
        #expect(board.muxSwitchesPerFrame == 0)
        // Interleaved channels switch at every converter.
        let interleaved = (0..<4).map { "model = \"ads7830\"\naddress = 0x48\nmux_channel = \($0)" }
        let switching = try BoardFileLoader.parse(text: Self.board(converters: interleaved, pad: "cells = 32"), file: "m.toml")
        #expect(switching.muxSwitchesPerFrame == 4)
    }

    @Test func theSameAddressOnOneChannelIsRefused() {
        let twice = ["model = \"ads7830\"\naddress = 0x48\nmux_channel = 2", "model = \"ads7830\"\naddress = 0x48\nmux_channel = 2"]
        #expect(Self.error(Self.board(converters: twice, pad: "cells = 16"))
            == "m.toml:12: adc[1].address: 0x48 is already used by adc[0]; give each converter on channel 2 of the I2C switch its own address (set by its ADDR pin)")
    }

    @Test func aConverterBehindTheSwitchNamesItsChannel() {
        #expect(Self.error(Self.board(converters: ["model = \"ads7830\"\naddress = 0x48"], pad: "cells = 8"))
            == "m.toml:6: adc[0].mux_channel: missing; every converter behind the I2C switch at 0x70 names its channel (0…7)")
    }

    @Test func aChannelWithoutASwitchIsRefused() {
        #expect(Self.error(Self.board(mux: nil, converters: ["model = \"ads7830\"\nmux_channel = 1"], pad: "cells = 8"))
            == "m.toml:8: adc[0].mux_channel: the bus has no I2C switch; give [i2c] mux = 0x70 (the TCA9548A's address) or remove mux_channel")
    }

    @Test func aChannelOutOfRangeIsRefused() {
        #expect(Self.error(Self.board(converters: ["model = \"ads7830\"\nmux_channel = 8"], pad: "cells = 8"))
            == "m.toml:8: adc[0].mux_channel: 8 is out of range; allowed: 0…7")
    }

    @Test func aSwitchAddressOutsideTheTCA9548AsIsRefused() {
        #expect(Self.error(Self.board(mux: "0x48", converters: ["model = \"ads7830\"\naddress = 0x49\nmux_channel = 0"], pad: "cells = 8"))
            == "m.toml:5: i2c.mux: 0x48 is not a TCA9548A address; allowed: 0x70…0x77 (set by its A0–A2 pins)")
    }
}
