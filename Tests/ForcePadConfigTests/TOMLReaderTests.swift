@testable import ForcePadConfig
import ForcePadCore
import Testing

/// TOML 1.0 as ``TOMLReader`` reads it: the values of every kind, the rules against defining
/// a key or table twice, and errors that name the line and say what is wrong.
@Suite("TOML reader")
struct TOMLReaderTests {
    static func read(_ text: String) throws(ConfigError) -> TOMLTable { try TOMLReader.read(text, file: "t.toml").root }

    /// The error `text` gives, as the user sees it.
    static func error(_ text: String) -> String? {
        do {
            _ = try TOMLReader.read(text, file: "t.toml")
            return nil
        } catch {
            return error.description
        }
    }

    /// The value at `keys` of `text`.
    static func value(_ text: String, _ keys: String...) throws -> TOMLValue? {
        var table = try read(text)
        for key in keys.dropLast() { table = try #require(table[key]?.table) }
        return table[keys.last!]
    }

    // MARK: Tables and keys

    @Test func tablesDottedKeysAndQuotedKeys() throws {
        let root = try Self.read("""
            title = "bench"
            [haptics]
            patterns.peek = "on 2ms"
            patterns . "double tap" = 'on 5ms'
            [presets.firm]
            peek = "200g"
            ["lab site".'north']
            bench = 2
            """)
        #expect(root.keys == ["title", "haptics", "presets", "lab site"])
        #expect(root["haptics"]?.table?["patterns"]?.table?["double tap"] == .string("on 5ms"))
        #expect(root["haptics"]?.table?["patterns"]?.table?.isInline == false)
        #expect(root["presets"]?.table?["firm"]?.table?["peek"] == .string("200g"))
        #expect(root["lab site"]?.table?["north"]?.table?["bench"] == .integer(2))
    }

    @Test func inlineTablesArraysAndArraysOfTables() throws {
        let root = try Self.read("""
            info = { owner = "lab", site.room = 4, empty = {} }
            points = [ [0, 0], [150, 10], # a comment
                [255, "500g"], ]
            [[shortcuts]]
            type = "a"
            [shortcuts.user_info]
            bench = "1"
            [[shortcuts]]
            type = "b"
            [[shortcuts.steps]]
            run = "tare"
            """)
        let info = try #require(root["info"]?.table)
        #expect(info.isInline)
        #expect(info["site"]?.table?["room"] == .integer(4))
        #expect(info["empty"]?.table?.isEmpty == true)
        #expect(root["points"] == .array([.array([.integer(0), .integer(0)]), .array([.integer(150), .integer(10)]), .array([.integer(255), .string("500g")])]))
        let shortcuts = try #require(root["shortcuts"]?.array)
        #expect(shortcuts.count == 2)
        #expect(shortcuts[0].table?["user_info"]?.table?["bench"] == .string("1"))
        #expect(shortcuts[1].table?["steps"]?.array?.first?.table?["run"] == .string("tare"))
    }

    @Test func aTableImpliedByAHeaderMayBeDefinedLater() throws {
        let root = try Self.read("[a.b.c]\nx = 1\n[a]\ny = 2\n[a.b.d]\n")
        #expect(root["a"]?.table?["y"] == .integer(2))
        #expect(root["a"]?.table?["b"]?.table?.keys == ["c", "d"])
    }

    @Test func aHeaderMayDefineATableBelowOneOfDottedKeys() throws {
        let root = try Self.read("[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true\n")
        #expect(root["fruit"]?.table?["apple"]?.table?["texture"]?.table?["smooth"] == .boolean(true))
    }

    // MARK: Strings

    @Test func basicStringsDecodeEveryEscape() throws {
        let value = try Self.value(#"s = "\b\t\n\f\r\"\\ \u00E9 \U0001F600 tab:\#tend""#, "s")
        #expect(value == .string("\u{8}\t\n\u{C}\r\"\\ é 😀 tab:\tend"))
        #expect(try Self.value(#"s = 'C:\path\n'"#, "s") == .string(#"C:\path\n"#))
    }

    @Test func multiLineStrings() throws {
        let text = "a = \"\"\"\nfirst\r\n  second \\\n\n    third\"\"\"\"\"\nb = '''\n\\n ''quoted'' '''\n"
        #expect(try Self.value(text, "a") == .string("first\n  second third\"\""))
        #expect(try Self.value(text, "b") == .string("\\n ''quoted'' "))
    }

    @Test func stringErrorsNameTheirLine() {
        #expect(Self.error("a = 1\nb = \"open\n") == "t.toml:2: syntax: string is not closed on its line; end it with '\"'")
        #expect(Self.error("a = 'open") == "t.toml:1: syntax: string is not closed on its line; end it with \"'\"")
        #expect(Self.error(#"a = "\q""#) == #"t.toml:1: syntax: unknown escape '\q' in column 6; write \\ for a backslash, or use \b \t \n \f \r \" \uXXXX"#)
        #expect(Self.error("a = \"x\\\nb = 1") == #"t.toml:1: syntax: '\' in column 7 ends the line; write \\ for a backslash"#)
        #expect(Self.error(#"a = "\uD800""#) == "t.toml:1: syntax: escape in column 6 is not a Unicode scalar value (U+D800); give a character outside U+D800…U+DFFF, at most U+10FFFF")
        #expect(Self.error(#"a = "\u12""#) == #"t.toml:1: syntax: escape in column 6 needs 4 hexadecimal digits after \u; write it as \u00E9 or \U0001F600"#)
        #expect(Self.error("\n\na = \"\"\"\nnever closed\n") == "t.toml:3: syntax: string \"\"\" is never closed; close it with \"\"\"")
        #expect(Self.error("a = \"\"\"x\"\"\"\"\"\"") == "t.toml:1: syntax: 6 quotes in a row end a multi-line string; write at most two before the closing three")
    }

    // MARK: Numbers, booleans, dates

    @Test func integersInEveryBase() throws {
        let root = try Self.read("""
            a = 42
            b = +17
            c = -5_000
            d = 0
            e = 0xDEAD_beef
            f = 0o755
            g = 0b1101_0110
            h = 9_223_372_036_854_775_807
            i = -9223372036854775808
            """)
        #expect(root["a"] == .integer(42))
        #expect(root["b"] == .integer(17))
        #expect(root["c"] == .integer(-5000))
        #expect(root["d"] == .integer(0))
        #expect(root["e"] == .integer(0xDEAD_BEEF))
        #expect(root["f"] == .integer(0o755))
        #expect(root["g"] == .integer(0b1101_0110))
        #expect(root["h"] == .integer(.max))
        #expect(root["i"] == .integer(.min))
    }

    @Test func malformedIntegersAreRefused() {
        #expect(Self.error("a = 007") == "t.toml:1: syntax: '007' starts with a zero; write integers without leading zeros")
        #expect(Self.error("a = 9223372036854775808") == "t.toml:1: syntax: integer '9223372036854775808' is out of range; TOML integers are -9223372036854775808…9223372036854775807")
        #expect(Self.error("a = 1__0") == "t.toml:1: syntax: '1__0' is not a value; write text in quotes, a number, true or false")
        #expect(Self.error("a = _1") == "t.toml:1: syntax: '_1' is not a value; write text in quotes, a number, true or false")
        #expect(Self.error("a = -0x10") == "t.toml:1: syntax: '-0x10' is not a value; write text in quotes, a number, true or false")
        #expect(Self.error("a = 0xG") == "t.toml:1: syntax: '0xG' is not a value; write text in quotes, a number, true or false")
    }

    @Test func floatsWithFractionsExponentsAndSpecialValues() throws {
        let root = try Self.read("""
            a = 1.5
            b = -0.01
            c = 5e+22
            d = 1E06
            e = 6.626e-34
            f = 224_617.445_991
            g = inf
            h = -inf
            i = nan
            j = +0.0
            """)
        #expect(root["a"] == .float(1.5))
        #expect(root["b"] == .float(-0.01))
        #expect(root["c"] == .float(5e22))
        #expect(root["d"] == .float(1e6))
        #expect(root["e"] == .float(6.626e-34))
        #expect(root["f"] == .float(224_617.445_991))
        #expect(root["g"] == .float(.infinity))
        #expect(root["h"] == .float(-.infinity))
        #expect(root["i"]?.float?.isNaN == true)
        #expect(root["j"] == .float(0))
        for bad in [".5", "5.", "1.e5", "01.5", "1e", "1.5_"] {
            #expect(Self.error("a = \(bad)") == "t.toml:1: syntax: '\(bad)' is not a value; write text in quotes, a number, true or false")
        }
    }

    @Test func booleans() throws {
        #expect(try Self.value("a = true", "a") == .boolean(true))
        #expect(try Self.value("a = false", "a") == .boolean(false))
        #expect(Self.error("a = True") == "t.toml:1: syntax: 'True' is not a value; write text in quotes, a number, true or false")
    }

    @Test func datesAndTimesAreReadAndChecked() throws {
        let root = try Self.read("""
            a = 1979-05-27T07:32:00Z
            b = 1979-05-27 00:32:00.999999-07:00
            c = 1979-05-27T07:32:00
            d = 1979-05-27
            e = 07:32:00.5
            f = 2024-02-29
            """)
        #expect(root["a"] == .dateTime(TOMLDateTime(kind: .offsetDateTime, text: "1979-05-27T07:32:00Z")))
        #expect(root["b"] == .dateTime(TOMLDateTime(kind: .offsetDateTime, text: "1979-05-27 00:32:00.999999-07:00")))
        #expect(root["c"]?.kindPhrase == "a date-time")
        #expect(root["d"]?.kindPhrase == "a date")
        #expect(root["e"]?.kindPhrase == "a time")
        #expect(root["f"]?.kindPhrase == "a date")
        for bad in ["1979-13-01", "2023-02-29", "1979-05-27T25:00:00", "07:60:00", "1979-05-27T07:32", "1979-05-27T07:32:00+7"] {
            #expect(Self.error("a = \(bad)") == "t.toml:1: syntax: '\(bad)' is not a valid date or time; write 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z")
        }
    }

    /// A key that expects text names the date it found instead.
    @Test func aBareDateWhereAStringBelongsNamesWhatItFound() {
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: "preset = 1979-05-27\n", file: "f.toml") }
        #expect(error?.description == "f.toml:1: preset: expected a preset (one of light, medium, firm), found a date")
    }

    // MARK: Defining twice

    @Test func aKeyOrTableIsDefinedOnce() {
        #expect(Self.error("a = 1\nb = 2\na = 3") == "t.toml:3: syntax: a is defined twice (first on line 1, as a value); remove one of them")
        #expect(Self.error("[t]\nx = 1\n[t]\n") == "t.toml:3: syntax: table [t] is defined twice (first on line 1); merge the two into one")
        #expect(Self.error("[a.b]\nc = 1\n[a]\nb = 2") == "t.toml:4: syntax: b is defined twice (first on line 1, as a table); remove one of them")
        #expect(Self.error("x = { a = 1, a = 2 }") == "t.toml:1: syntax: a is defined twice (first on line 1, as a value); remove one of them")
    }

    @Test func dottedKeysAndHeadersDoNotAddToEachOthersTables() {
        #expect(Self.error("[fruit]\napple.color = \"red\"\n[fruit.apple]\n") == "t.toml:3: syntax: table [fruit.apple] is already defined by dotted keys on line 2; write all its keys in one place")
        #expect(Self.error("[a.b]\nc = 1\n[a]\nb.d = 2") == "t.toml:4: syntax: dotted key goes into b, defined on line 1 as a table; write the key where b is written")
        #expect(Self.error("a = 1\na.b = 2") == "t.toml:2: syntax: dotted key goes into a, defined on line 1 as a value; write the key where a is written")
    }

    @Test func inlineTablesAndStaticArraysAreComplete() {
        #expect(Self.error("t = { a = 1 }\n[t.b]\n") == "t.toml:2: syntax: table header goes into t, defined on line 1 as an inline table; a [table] cannot add to it, rename one of them")
        #expect(Self.error("t = { a = 1 }\nt.b = 2") == "t.toml:2: syntax: dotted key goes into t, defined on line 1 as an inline table; write the key where t is written")
        #expect(Self.error("s = []\n[[s]]\n") == "t.toml:2: syntax: [[s]] is already defined on line 1 as a value; an array of tables is written with [[…]] only")
        #expect(Self.error("[[s]]\n[s]\n") == "t.toml:2: syntax: [s] is an array of tables (line 1); write [[s]] to add an element")
        #expect(Self.error("[t]\n[[t]]\n") == "t.toml:2: syntax: [[t]] is already defined on line 1 as a table; an array of tables is written with [[…]] only")
    }

    // MARK: Structure errors

    @Test func structureErrorsSayWhatIsWrongAndWhere() {
        #expect(Self.error("a = 1 2") == "t.toml:1: syntax: expected the end of the line after the value, found '2'; put each key = value pair on a line of its own")
        #expect(Self.error("a\n") == "t.toml:1: syntax: key a has no value; write a = value")
        #expect(Self.error("a = \n") == "t.toml:1: syntax: missing value after '='; give a value such as 1, \"text\" or true")
        #expect(Self.error("a = [1 2]") == "t.toml:1: syntax: expected ',' or ']' after an array element, found '2'")
        #expect(Self.error("a = [1,,2]") == "t.toml:1: syntax: ',' in column 8 where a value belongs; remove it")
        #expect(Self.error("a = { b = 1, }") == "t.toml:1: syntax: expected a key in the inline table, found '}'; write { key = value, … } with no ',' before '}'")
        #expect(Self.error("a = { b = 1,\nc = 2 }") == "t.toml:1: syntax: '{' is not closed on its line; write an inline table on one line, or use a [table]")
        #expect(Self.error("a = { b = 1") == "t.toml:1: syntax: '{' is never closed; close it with '}'")
        #expect(Self.error("a = { b = 1 ]") == "t.toml:1: syntax: ']' does not close the '{' opened on line 1; close it with '}'")
        #expect(Self.error("a = 1 }") == "t.toml:1: syntax: '}' closes nothing; remove it or add its opening bracket")
        #expect(Self.error("[[a]\n") == "t.toml:1: syntax: array of tables header '[[' must end with ']]'; write [[name]]")
        #expect(Self.error("[a] b") == "t.toml:1: syntax: expected the end of the line after the table header, found 'b'; put each key = value pair on a line of its own")
        #expect(Self.error("a = 1\rb = 2") == "t.toml:1: syntax: carriage return (U+000D) without a line feed in column 6; end lines with LF or CR LF")
        #expect(Self.error("a = \"x\u{7F}\"") == "t.toml:1: syntax: control character U+007F in column 7; remove it, a TOML file holds text only")
    }

    /// The lines of a file are kept up to its first problem, for editing files that load.
    @Test func linesAreRecordedUpToTheFirstProblem() {
        let lines = TOMLReader.lines(in: "a = 1\n[t]\nb = 2\nc = = 3\nd = 4\n")
        #expect(lines.line(of: ConfigKeyPath("t", "b")) == 3)
        #expect(lines.writtenLine(of: ConfigKeyPath("t", "d")) == nil)
    }
}
