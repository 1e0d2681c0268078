@testable import ForcePadConfig
import Testing

@Suite("Key line locator")
struct KeyLineLocatorTests {
    @Test func topLevelKeysAndTableHeaders() {
        let locator = KeyLineLocator(text: """
            name = "sim"

            [i2c]
            device = "/dev/i2c-1"
              clock_hz   =   400000
            """)
        #expect(locator.line(of: ConfigKeyPath("name")) == 1)
        #expect(locator.line(of: ConfigKeyPath("i2c")) == 3)
        #expect(locator.line(of: ConfigKeyPath("i2c", "device")) == 4)
        #expect(locator.line(of: ConfigKeyPath("i2c", "clock_hz")) == 5)
    }

    @Test func missingKeysFallBackToTheirTable() {
        let locator = KeyLineLocator(text: "name = \"x\"\n\n[haptic]\nchip = \"gpiochip0\"\n")
        #expect(locator.line(of: ConfigKeyPath("haptic", "line")) == 3)
        #expect(locator.line(of: ConfigKeyPath("haptic", "line", "deeper")) == 3)
        #expect(locator.line(of: ConfigKeyPath("serial", "baud")) == nil)
        #expect(locator.line(of: .root) == nil)
    }

    @Test func dottedKeysDefineTheirParentTables() {
        let locator = KeyLineLocator(text: """
            [haptics]
            max_on = "100ms"
            patterns.peek = "on 15ms"
            patterns . pop = "on 20ms"
            [haptics.patterns2]
            """)
        #expect(locator.line(of: ConfigKeyPath("haptics", "patterns")) == 3)
        #expect(locator.line(of: ConfigKeyPath("haptics", "patterns", "peek")) == 3)
        #expect(locator.line(of: ConfigKeyPath("haptics", "patterns", "pop")) == 4)
        #expect(locator.line(of: ConfigKeyPath("haptics", "patterns2")) == 5)
    }

    @Test func aHeaderWrittenLaterReplacesTheLineItWasImpliedAt() {
        let locator = KeyLineLocator(text: "[presets.firm]\npeek = 1\n[presets]\n")
        #expect(locator.line(of: ConfigKeyPath("presets")) == 3)
        #expect(locator.line(of: ConfigKeyPath("presets", "light", "peek")) == 3)
        #expect(locator.line(of: ConfigKeyPath("presets", "firm", "pop")) == 1)
    }

    @Test func quotedKeys() {
        let locator = KeyLineLocator(text: """
            "quoted key" = 1
            site."lab.owner" = "kim"
            'literal.key' = 2
            "esc\\"aped" = 3
            ["table with spaces".inner]
            value = 4
            """)
        #expect(locator.line(of: ConfigKeyPath("quoted key")) == 1)
        #expect(locator.line(of: ConfigKeyPath("site", "lab.owner")) == 2)
        #expect(locator.line(of: ConfigKeyPath("literal.key")) == 3)
        #expect(locator.line(of: ConfigKeyPath("esc\"aped")) == 4)
        #expect(locator.line(of: ConfigKeyPath("table with spaces", "inner", "value")) == 6)
    }

    @Test func arraysOfTablesAreCountedByIndex() {
        let locator = KeyLineLocator(text: """
            [[shortcuts]]
            type = "a"

            [[shortcuts]]
            title = "B"
            type = "b"
            [shortcuts.user_info]
            owner = "lab"
            [[shortcuts]]
            [[shortcuts.steps]]
            run = "tare"
            [[shortcuts.steps]]
            run = "status"
            """)
        #expect(locator.line(of: ConfigKeyPath("shortcuts")) == 1)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 0, "type")) == 2)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 1)) == 4)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 1, "type")) == 6)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 1, "command")) == 4)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 1, "user_info", "owner")) == 8)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 2)) == 9)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 2, "steps", 1, "run")) == 13)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 3, "type")) == 1)
    }

    @Test func commentsAndStringsThatLookLikeStructureAreSkipped() {
        let locator = KeyLineLocator(text: """
            # [commented] = 1
            a = "text with # and [brackets] = x"  # trailing [comment]
            b = 'literal # [x]'
            [t] # comment after a header
            c = 1
            """)
        #expect(locator.line(of: ConfigKeyPath("commented")) == nil)
        #expect(locator.line(of: ConfigKeyPath("a")) == 2)
        #expect(locator.line(of: ConfigKeyPath("b")) == 3)
        #expect(locator.line(of: ConfigKeyPath("brackets")) == nil)
        #expect(locator.line(of: ConfigKeyPath("t", "c")) == 5)
    }

    @Test func multiLineArraysGiveEachElementItsLine() {
        let locator = KeyLineLocator(text: """
            [calibration]
            points = [
                [0, 0],   # at rest
                # a comment line inside the array
                [150, 10],
                [255,
                 500],
            ]
            after = 1
            """)
        #expect(locator.line(of: ConfigKeyPath("calibration", "points")) == 2)
        #expect(locator.line(of: ConfigKeyPath("calibration", "points", 0)) == 3)
        #expect(locator.line(of: ConfigKeyPath("calibration", "points", 1)) == 5)
        #expect(locator.line(of: ConfigKeyPath("calibration", "points", 2)) == 6)
        #expect(locator.line(of: ConfigKeyPath("calibration", "points", 2, 1)) == 7)
        #expect(locator.line(of: ConfigKeyPath("calibration", "after")) == 9)
    }

    @Test func multiLineStringsHideWhatLooksLikeKeys() {
        let locator = KeyLineLocator(text: #"""
            description = """
            [not.a.table]
            fake = "not a key" \"""
            """
            literal = '''
            other = 1
            '''
            real = 2
            """#)
        #expect(locator.line(of: ConfigKeyPath("description")) == 1)
        #expect(locator.line(of: ConfigKeyPath("not")) == nil)
        #expect(locator.line(of: ConfigKeyPath("fake")) == nil)
        #expect(locator.line(of: ConfigKeyPath("literal")) == 5)
        #expect(locator.line(of: ConfigKeyPath("other")) == nil)
        #expect(locator.line(of: ConfigKeyPath("real")) == 8)
    }

    @Test func inlineTableMembers() {
        let locator = KeyLineLocator(text: """
            [[shortcuts]]
            type = "a"
            user_info = { owner = "lab", "lab site" = "north", nested = { deep = 1 } }
            """)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 0, "user_info", "owner")) == 3)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 0, "user_info", "lab site")) == 3)
        #expect(locator.line(of: ConfigKeyPath("shortcuts", 0, "user_info", "nested", "deep")) == 3)
    }

    @Test func keyPathsPrintAsTheyAreWritten() {
        #expect(ConfigKeyPath("haptics", "patterns", "pop").description == "haptics.patterns.pop")
        #expect(ConfigKeyPath("shortcuts", 1, "type").description == "shortcuts[1].type")
        #expect(ConfigKeyPath("calibration", "points", 3).description == "calibration.points[3]")
        #expect(ConfigKeyPath("shortcuts", 0, "user_info", "lab \"site\"").description == #"shortcuts[0].user_info."lab \"site\"""#)
    }
}
