@testable import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

/// Damaged and hostile TOML: every kind of file is refused with one `file:line: key: message`
/// line, never a crash, and in time that grows linearly with the input.
@Suite("Hostile TOML")
struct HostileTOMLTests {
    static let board = try! BoardFileLoader.load(path: PackageRoot.path("boards/sim.toml"))

    /// The error each kind of file gives for `text`, named `file`.
    static func errors(_ text: String, file: String = "f.toml") -> [(kind: String, error: ConfigError?)] {
        [
            ("config", #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: file) }),
            ("board", #expect(throws: ConfigError.self) { try BoardFileLoader.parse(text: text, file: file) }),
            ("shortcuts", #expect(throws: ConfigError.self) { try DynamicShortcutsFile.parse(text: text, file: file) }),
            ("calibration", #expect(throws: ConfigError.self) { try CalibrationFile.parse(text: text, file: file, board: board) }),
        ]
    }

    /// Seconds that `body` takes.
    static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// A huge value or key is shown by its start and length: the error stays one short line.
    @Test func aHugeValueOrKeyIsQuotedByItsStartAndLength() throws {
        let value = String(repeating: "x", count: 900 * 1024)
        let quoted = try #require(#expect(throws: ConfigError.self) {
            try ConfigFileLoader.parse(text: "preset = \"\(value)\"\n", file: "f.toml")
        })
        #expect(quoted.description == "f.toml:1: preset: '\(value.prefix(60))…' (921600 characters) is not a preset; use one of light, medium, firm")
        let key = String(repeating: "k", count: 100_000)
        let named = try #require(#expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: "\(key) = 1\n", file: "f.toml") })
        #expect(named.description.count < 400, "\(named.description.prefix(400))")
    }

    @Test func aLoneBracketIsAnUnclosedHeaderInEveryKindOfFile() {
        for (kind, error) in Self.errors("[") {
            #expect(error?.description == "f.toml:1: syntax: table header '[' is not closed on its line; end it with ']'", "\(kind)")
        }
    }

    @Test func aBracketClosedByABraceIsRefused() {
        for (kind, error) in Self.errors("\nx = [}") {
            #expect(error?.description == "f.toml:2: syntax: '}' does not close the '[' opened on line 2; close it with ']'", "\(kind)")
        }
    }

    @Test func anUnclosedArrayIsRefusedAtItsOpening() {
        for (kind, error) in Self.errors("x = [1,\n2,\n") {
            #expect(error?.description == "f.toml:1: syntax: '[' is never closed; close it with ']'", "\(kind)")
        }
    }

    /// Found by fuzz-config: toml++ (the parser before ours) asserted that a header's key starts
    /// with a key character.
    @Test func aHeaderThatDoesNotStartWithAKeyIsRefused() {
        for (kind, error) in Self.errors("[[~shortcuts]]\ntype = \"lab.tare\"\n") {
            #expect(error?.description == "f.toml:1: syntax: table header must start with a key (letters, digits, '_', '-' or a quoted name), found '~'; write the table's name after '['", "\(kind)")
        }
        for (kind, error) in Self.errors("[ \t[a]]") {
            #expect(error?.description == "f.toml:1: syntax: table header must start with a key (letters, digits, '_', '-' or a quoted name), found '['; write the table's name after '['", "\(kind)")
        }
    }

    /// Found by fuzz-config: toml++ took U+2028 for a line break inside an array, where it
    /// then asserted a value.
    @Test func nonASCIIOutsideStringsAndCommentsIsRefused() throws {
        for (kind, error) in Self.errors("x = [\u{2028}]") {
            #expect(error?.description == "f.toml:1: syntax: character U+2028 in column 6 is outside a string or comment; put it in quotes or remove it", "\(kind)")
        }
        for (kind, error) in Self.errors("\nwritten = 1979-05-27\u{FFFD}") {
            #expect(error?.description == "f.toml:2: syntax: character U+FFFD in column 21 is outside a string or comment; put it in quotes or remove it", "\(kind)")
        }
        for (kind, error) in Self.errors("[a\u{85}]") {
            #expect(error?.description == "f.toml:1: syntax: character U+0085 in column 3 is outside a string or comment; put it in quotes or remove it", "\(kind)")
        }
        let shortcuts = try DynamicShortcutsFile.parse(text: "\u{FEFF}written = \"t\u{2029}µ\" # \u{2028}\n", file: "s.toml")
        #expect(shortcuts.isEmpty)
    }

    /// Found by fuzz-config: toml++ guessed a value's type skipping characters it did not
    /// know, took `1980-05-27T'7:32` for a date-time and asserted a digit after the `T`, and
    /// took `1979-05-27 0` (or `1979-02-1[ 2`, found by the release build of
    /// fuzz-calibration) for the start of one and asserted more of the time.
    @Test func aDateTimeWithoutItsHourIsRefused() {
        for (kind, error) in Self.errors("written = 1980-05-27T'7:32:00Z") {
            #expect(error?.description == "f.toml:1: syntax: date-time 'T' in column 21 is not followed by the hour; write it as 1979-05-27T07:32:00Z", "\(kind)")
        }
        for (kind, error) in Self.errors("x = [12'a']") {
            #expect(error?.description == "f.toml:1: syntax: \"'\" in column 8 right after a value; put a comma or space before it", "\(kind)")
        }
        for (kind, error) in Self.errors("p= [[],1979-02-1[ 2]]") {
            #expect(error?.description == "f.toml:1: syntax: '[' in column 17 right after a value; put a comma or space before it", "\(kind)")
        }
        for (kind, error) in Self.errors("written = 1980-05-27T_07:32:00Z") {
            #expect(error?.description == "f.toml:1: syntax: date-time 'T' in column 21 is not followed by the hour; write it as 1979-05-27T07:32:00Z", "\(kind)")
        }
        for (kind, error) in Self.errors("written = 1980-05-27t") {
            #expect(error?.description == "f.toml:1: syntax: date-time 'T' in column 21 is not followed by the hour; write it as 1979-05-27T07:32:00Z", "\(kind)")
        }
        for (kind, error) in Self.errors("written = 1980-05-27T!7:32:00Z") {
            #expect(error?.description == "f.toml:1: syntax: date-time 'T' in column 21 is not followed by the hour; write it as 1979-05-27T07:32:00Z", "\(kind)")
        }
        for (kind, error) in Self.errors("x = [1979-05-27 0]") {
            #expect(error?.description == "f.toml:1: syntax: lone digit in column 17 after a value; write a date-time's time in full (1979-05-27 07:32:00) or separate values with a comma", "\(kind)")
        }
        for (kind, error) in Self.errors("[thresholds]\ntoup= 3958-45-p= 3 = \"150g\"") {
            #expect(error?.description == "f.toml:2: syntax: '=' in column 16 after a value; write one key = value pair per line", "\(kind)")
        }
        for (kind, error) in Self.errors("x = ~1") {
            #expect(error?.description == "f.toml:1: syntax: character '~' in column 5 is outside a string or comment; put it in quotes or remove it", "\(kind)")
        }
    }

    @Test func aHugeDottedHeaderFailsFast() {
        let header = "[" + Array(repeating: "a", count: 150_000).joined(separator: ".") + "]\n"
        var error: ConfigError?
        let time = Self.seconds {
            error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: header, file: "f.toml") }
        }
        #expect(error?.description == "f.toml:1: syntax: key of 150000 parts, more than 32; use a shorter key")
        #expect(time < 1)
    }

    @Test func aLongDottedKeyIsRefused() {
        let key = Array(repeating: "a", count: 33).joined(separator: ".")
        for (kind, error) in Self.errors("name = 1\n\(key) = 1\n") {
            #expect(error?.description == "f.toml:2: syntax: key of 33 parts, more than 32; use a shorter key", "\(kind)")
        }
    }

    @Test func deepNestingIsRefused() {
        let text = "x = " + String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        for (kind, error) in Self.errors(text) {
            #expect(error?.description == "f.toml:1: syntax: arrays and inline tables nested 33 deep, more than 32; flatten the value", "\(kind)")
        }
    }

    /// The deepest text the guard lets through (32-part keys in 32 nested inline tables and
    /// arrays: tables 1,000 deep) reaches the parser and the key checks, which name its key.
    @Test func theDeepestTextAllowedIsParsed() {
        let key = Array(repeating: "a", count: 32).joined(separator: ".")
        let text = "[\(key)]\n\(key) = " + String(repeating: "{\(key) = ", count: 31) + "[1]" + String(repeating: "}", count: 31)
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: "f.toml") }
        #expect(error?.line == 1)
        #expect(error?.key == "a")
    }

    /// toml++ found each `[[name]]` in a list of the arrays of tables: a megabyte of distinct
    /// ones took 17 s in debug. The limit stays, as no ForcePad file needs more.
    @Test func tooManyTableHeadersAreRefusedFast() {
        let text = (0..<90_000).map { "[[a\($0 / 2)]]\n" }.joined()
        var error: ConfigError?
        let time = Self.seconds {
            error = #expect(throws: ConfigError.self) { try DynamicShortcutsFile.parse(text: text, file: "f.toml") }
        }
        #expect(error?.description == "f.toml:1025: syntax: more than 1024 table headers; merge tables or remove the ones not needed")
        #expect(time < 1)
    }

    /// How long `parse` takes for `size` items against a tenth of them: linear time gives a
    /// ratio near 10, quadratic near 100. A ratio rather than seconds, so the check holds on
    /// a loaded machine and under emulation (an arm64 build under qemu-user is ~20× slower).
    static func timeRatio(size: Int, _ parse: (Int) -> Void) -> Double {
        let tenth = seconds { parse(size / 10) }
        let whole = seconds { parse(size) }
        return whole / max(tenth, 1e-6)
    }

    /// A table with keys the user names is read in linear time: 20,000 `user_info` keys took
    /// 13 s in debug while every key asked about was looked up in a list (100× the time of
    /// 2,000 keys; now about 10×).
    @Test func thousandsOfUserNamedKeysAreReadInLinearTime() throws {
        func text(_ count: Int) -> String {
            let info = (0..<count).map { "k\($0) = \"v\"" }.joined(separator: ", ")
            return """
                written = "2026-11-22T03:50:00Z"
                [[shortcut]]
                type = "lab.tare"
                title = "Tare"
                command = "tare"
                version = "0.1.0"
                user_info = { \(info) }
                """
        }
        var result: Result<[DynamicShortcut], ConfigError>?
        let ratio = Self.timeRatio(size: 20_000) { count in
            let input = text(count)
            result = Result { () throws(ConfigError) in try DynamicShortcutsFile.parse(text: input, file: "s.toml") }
        }
        let shortcuts = try result?.get() ?? []
        #expect(shortcuts.first?.userInfo.count == 20_000)
        #expect(ratio < 30, "20,000 keys took \(ratio)× the time of 2,000")
    }

    /// Static shortcuts in one inline array took quadratic time (4.9 s for 10,000 in debug,
    /// so about 16 s for 18,000) while each type was compared with every one before it.
    @Test func thousandsOfStaticShortcutsAreCheckedInLinearTime() throws {
        var result: Result<ControllerSettings, ConfigError>?
        let ratio = Self.timeRatio(size: 18_000) { count in
            let entries = (0..<count).map { "{ type = \"lab.t\($0)\", title = \"T\", command = \"tare\" }" }
            let text = "shortcuts = [" + entries.joined(separator: ", ") + "]\n"
            result = Result { () throws(ConfigError) in try ConfigFileLoader.parse(text: text, file: "f.toml") }
        }
        #expect(try result?.get().shortcuts.count == 18_000)
        #expect(ratio < 30, "18,000 shortcuts took \(ratio)× the time of 1,800")
    }

    @Test func textOverOneMebibyteIsRefused() {
        let text = String(repeating: "#", count: TOMLReader.maxBytes + 1)
        let error = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: "f.toml") }
        #expect(error?.description == "f.toml: file: cannot read: larger than 1024 KiB (1048577 bytes); give a board, config or state file")
    }

    @Test func aNulBeforeTheHapticsLimitIsRefusedWithItsLine() {
        let text = "# lab bench\npreset = \"medium\"\u{0}\n[haptics]\nmax_on = \"20ms\"\n"
        for (kind, error) in Self.errors(text, file: "forcepad.toml") {
            #expect(error?.description == "forcepad.toml:2: syntax: NUL character (U+0000) in column 18; remove it, a TOML file holds text only", "\(kind)")
        }
    }

    @Test func controlCharactersAreRefusedButTabsAndLineEndsAreNot() throws {
        for (kind, error) in Self.errors("name = \"a\u{1B}[2J\"") {
            #expect(error?.description == "f.toml:1: syntax: control character U+001B in column 10; remove it, a TOML file holds text only", "\(kind)")
        }
        let settings = try ConfigFileLoader.parse(text: "\tpreset = \"light\"\r\n", file: "f.toml")
        #expect(settings.preset == .light)
    }

    @Test func aHeaderOf16000PartsIsScannedInLinearTime() {
        let header = "[" + Array(repeating: "a", count: 16_000).joined(separator: ".") + "]\nx = 1\n"
        var locator: KeyLineLocator?
        let time = Self.seconds { locator = KeyLineLocator(text: header) }
        #expect(locator?.line(of: ConfigKeyPath(components: Array(repeating: "a", count: 16_000) + ["x"])) == 2)
        #expect(time < 1)
    }

    @Test func aNulThen2000NestedArraysAreScannedInLinearTime() {
        let text = "\u{0}\nx = " + String(repeating: "[", count: 2_000)
        let time = Self.seconds { _ = KeyLineLocator(text: text) }
        #expect(time < 1)
        var refused: ConfigError?
        let parseTime = Self.seconds {
            refused = #expect(throws: ConfigError.self) { try ConfigFileLoader.parse(text: text, file: "f.toml") }
        }
        #expect(refused?.line == 1)
        #expect(parseTime < 1)
    }
}
