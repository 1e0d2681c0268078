import ForcePadConfig
import ForcePadCore
import Testing

/// `[haptic]` and `[feedback]`: a line by name or by chip and offset, and the messages for
/// the ways of getting that wrong. Line numbers refer to ``BoardFileErrorTests/valid``, whose
/// `[haptic]` table is on line 13 and its `line` on line 14.
@Suite("Board file GPIO lines")
struct BoardFileGPIOLineTests {
    static func board(replacing old: String, with new: String) throws -> BoardDescription {
        try BoardFileLoader.parse(text: BoardFileErrorTests.valid.replacing(old, with: new), file: "boards/bench.toml")
    }

    static func message(replacing old: String, with new: String) -> String? {
        BoardFileErrorTests.message(replacing: old, with: new)
    }

    /// `[feedback]` with `lines` added after the haptic table.
    static func feedback(_ lines: String) -> (String, String) {
        ("[calibration]", "[feedback]\n\(lines)\n[calibration]")
    }

    @Test func aLineByNameSearchesEveryChipUnlessOneIsGiven() throws {
        #expect(try BoardFileLoader.parse(text: BoardFileErrorTests.valid, file: "b.toml").haptic == HapticLineDescription(line: .named("GPIO18", chip: nil), activeLow: false))
        let onChip = try Self.board(replacing: "line = \"GPIO18\"", with: "line = \"GPIO18\"\nchip = \"pinctrl-bcm2711\"\nactive = \"low\"")
        #expect(onChip.haptic == HapticLineDescription(line: .named("GPIO18", chip: "pinctrl-bcm2711"), activeLow: true))
        #expect(onChip.haptic.line.summary == "GPIO18 on pinctrl-bcm2711")
    }

    @Test func aLineByOffsetNamesItsChip() throws {
        let board = try Self.board(replacing: "line = \"GPIO18\"", with: "chip = \"pinctrl-rp1\"\noffset = 18")
        #expect(board.haptic.line == .offset(18, chip: "pinctrl-rp1"))
        #expect(board.haptic.line.summary == "pinctrl-rp1:18")
        #expect(board.feedback == nil)
    }

    @Test func anOffsetWithoutAChipIsRefusedOnTheOffsetsLine() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "offset = 18")
            == "boards/bench.toml:14: haptic.chip: missing; offset = 18 counts on one chip: give chip = \"pinctrl-bcm2711\" (its label, name or /dev path)")
    }

    @Test func aNameAndAnOffsetTogetherAreRefused() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "line = \"GPIO18\"\nchip = \"gpiochip0\"\noffset = 18")
            == "boards/bench.toml:16: haptic.offset: give either line (the line's name) or offset (its number on chip), not both")
    }

    @Test func aNegativeOffsetIsOutOfRange() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "chip = \"gpiochip0\"\noffset = -1")
            == "boards/bench.toml:15: haptic.offset: -1 is out of range; allowed: 0…65535")
    }

    @Test func anOffsetMustBeAWholeNumber() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "chip = \"gpiochip0\"\noffset = \"18\"")
            == "boards/bench.toml:15: haptic.offset: expected the line's offset on its chip such as 18, found a string")
    }

    @Test func aChipAloneIsNotALine() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "chip = \"gpiochip0\"")
            == "boards/bench.toml:13: haptic.line: missing; give line = \"GPIO18\" (the line's name), or chip and offset (its number on that chip)")
    }

    @Test func emptyNamesAreRefused() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "line = \"\"")
            == "boards/bench.toml:14: haptic.line: must not be empty; give a GPIO line name such as \"GPIO18\"")
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "line = \"GPIO18\"\nchip = \"\"")
            == "boards/bench.toml:15: haptic.chip: must not be empty; give a GPIO chip label, name or /dev path such as \"pinctrl-bcm2711\" or remove chip")
    }

    @Test func unknownKeysListTheLineKeys() {
        #expect(Self.message(replacing: "line = \"GPIO18\"", with: "line = \"GPIO18\"\npin = 12")
            == "boards/bench.toml:15: haptic.pin: unknown key; did you mean 'line'? (allowed here: line, offset, chip, active, driver)")
    }

    @Test func aFeedbackLineByNameOrByOffset() throws {
        let (old, named) = Self.feedback("line = \"GPIO23\"")
        #expect(try Self.board(replacing: old, with: named).feedback == .named("GPIO23", chip: nil))
        let (_, byOffset) = Self.feedback("chip = \"/dev/gpiochip0\"\noffset = 23")
        #expect(try Self.board(replacing: old, with: byOffset).feedback == .offset(23, chip: "/dev/gpiochip0"))
    }

    @Test func theFeedbackLineFollowsTheSameRules() {
        let (old, noChip) = Self.feedback("offset = 23")
        #expect(Self.message(replacing: old, with: noChip)
            == "boards/bench.toml:16: feedback.chip: missing; offset = 23 counts on one chip: give chip = \"pinctrl-bcm2711\" (its label, name or /dev path)")
        let (_, empty) = Self.feedback("")
        #expect(Self.message(replacing: old, with: empty)
            == "boards/bench.toml:15: feedback.line: missing; give line = \"GPIO23\" (the line's name), or chip and offset (its number on that chip)")
        let (_, unknown) = Self.feedback("line = \"GPIO23\"\nactive = \"low\"")
        #expect(Self.message(replacing: old, with: unknown)
            == "boards/bench.toml:17: feedback.active: unknown key (allowed here: line, offset, chip)")
    }

    @Test func theFeedbackLineCannotBeTheHapticLine() {
        let (old, same) = Self.feedback("line = \"GPIO18\"")
        #expect(Self.message(replacing: old, with: same)
            == "boards/bench.toml:16: feedback.line: GPIO18 is the haptic line itself; wire the haptic output to another input and name that one")
    }

    @Test func aSimulatedBoardHasNoFeedbackLine() {
        let text = """
            name = "s"
            [[adc]]
            model = "sim"
            inputs = [0]
            [sampling]
            rate_hz = 1000
            [haptic]
            line = "GPIO18"
            [feedback]
            line = "GPIO23"
            [calibration]
            points = [[0, 0], [4095, "500g"]]
            """
        let error = #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: "s.toml") }
        #expect(error?.description
            == "s.toml:9: feedback: only for boards with real converters and GPIO lines; the sim board's haptic line is simulated: remove [feedback]")
    }
}
