import ForcePadConfig
import ForcePadCore
import Foundation
import Testing

@Suite struct DynamicShortcutsFileTests {
    static let tare = DynamicShortcut(
        type: "lab.tare", title: "Tare", subtitle: "Zero every cell", iconName: "tare",
        userInfo: ["owner": "lab", "bench": "2"], command: "tare", version: "0.1.0")
    static let firm = DynamicShortcut(
        type: "lab.firm", title: "Firm", subtitle: nil, iconName: nil, userInfo: [:], command: "preset firm", version: "0.0.9")

    static let text = """
        # ForcePad dynamic shortcuts, in the order they were added with 'shortcut add'.
        # Written by forcepad on every change; 'version' is the ForcePad version that added each one.
        written = "2026-11-22T03:50:00Z"

        [[shortcut]]
        type = "lab.tare"
        title = "Tare"
        subtitle = "Zero every cell"
        icon = "tare"
        command = "tare"
        user_info = { bench = "2", owner = "lab" }
        version = "0.1.0"

        [[shortcut]]
        type = "lab.firm"
        title = "Firm"
        command = "preset firm"
        version = "0.0.9"

        """

    /// The error parsing `text` gives, or nil when it parses.
    func parseError(_ text: String) -> ConfigError? {
        do {
            _ = try DynamicShortcutsFile.parse(text: text, file: "shortcuts.toml")
            return nil
        } catch {
            return error
        }
    }

    @Test func rendersOneTablePerShortcutInOrderAndTheSameTextEveryTime() {
        #expect(DynamicShortcutsFile.fileName == "shortcuts.toml")
        let rendered = DynamicShortcutsFile.render([Self.tare, Self.firm], timestamp: "2026-11-22T03:50:00Z")
        #expect(rendered == Self.text)
        #expect(DynamicShortcutsFile.render([Self.tare, Self.firm], timestamp: "2026-11-22T03:50:00Z") == rendered)
    }

    @Test func loadsBackWhatWasRenderedWithEveryShortcutsVersion() throws {
        let loaded = try DynamicShortcutsFile.parse(text: Self.text, file: "shortcuts.toml")
        #expect(loaded == [Self.tare, Self.firm])
        #expect(loaded.map(\.version) == ["0.1.0", "0.0.9"])
    }

    @Test func noShortcutsIsAFileWithOnlyItsTimestamp() throws {
        let rendered = DynamicShortcutsFile.render([], timestamp: "t")
        #expect(rendered.hasSuffix("\nwritten = \"t\"\n"))
        #expect(try DynamicShortcutsFile.parse(text: rendered, file: "shortcuts.toml") == [])
    }

    @Test func anyTextSurvivesTheRoundTrip() throws {
        let awkward = DynamicShortcut(
            type: "lab.say", title: "Say \"hi\" \\ now", subtitle: "two\nlines\tand\u{01}control\u{7F}",
            iconName: "share", userInfo: ["lab owner": "Zoë ✓", "x.y": "'single'", "plain": ""],
            command: "haptic test \"on 20ms off 30ms\"", version: "0.1.0-beta+7")
        let rendered = DynamicShortcutsFile.render([awkward], timestamp: "2026-11-22T03:50:00Z")
        #expect(rendered.contains("title = \"Say \\\"hi\\\" \\\\ now\"\n"))
        #expect(rendered.contains("subtitle = \"two\\nlines\\tand\\u0001control\\u007F\"\n"))
        #expect(rendered.contains("user_info = { \"lab owner\" = \"Zoë ✓\", plain = \"\", \"x.y\" = \"'single'\" }\n"))
        #expect(try DynamicShortcutsFile.parse(text: rendered, file: "shortcuts.toml") == [awkward])
    }

    @Test func contentThisVersionWouldRefuseIsReadAsWritten() throws {
        let long = DynamicShortcut(
            type: "lab.long", title: String(repeating: "t", count: 80), subtitle: nil, iconName: "flash",
            userInfo: [:], command: "calibrate all", version: "0.3.0")
        let twice = [long, long]
        let rendered = DynamicShortcutsFile.render(twice, timestamp: "t")
        #expect(try DynamicShortcutsFile.parse(text: rendered, file: "shortcuts.toml") == twice)
    }

    // MARK: Damaged files

    @Test func aMissingTitleRefusesTheFileAtItsShortcut() {
        let text = Self.text.replacingOccurrences(of: "title = \"Firm\"\n", with: "")
        #expect(parseError(text)?.description == "shortcuts.toml:14: shortcut[1].title: missing; give the text the operator sees, such as \"Tare\"")
    }

    @Test func anEmptyCommandOrAMissingVersionRefusesTheFile() {
        let empty = Self.text.replacingOccurrences(of: "command = \"tare\"", with: "command = \"\"")
        #expect(parseError(empty)?.description == "shortcuts.toml:10: shortcut[0].command: must not be empty; give a shell command line such as \"tare\"")
        let noVersion = Self.text.replacingOccurrences(of: "version = \"0.0.9\"\n", with: "")
        #expect(parseError(noVersion)?.description == "shortcuts.toml:14: shortcut[1].version: missing; give the ForcePad version that added it, such as \"0.1.0\"")
    }

    @Test func anUnknownKeyRefusesTheFile() {
        let entry = Self.text.replacingOccurrences(of: "command = \"preset firm\"", with: "command = \"preset firm\"\ncolour = \"red\"")
        #expect(parseError(entry)?.description == "shortcuts.toml:18: shortcut[1].colour: unknown key (allowed here: type, title, subtitle, icon, command, user_info, version)")
        let table = Self.text.replacingOccurrences(of: "[[shortcut]]", with: "[[shortcuts]]")
        #expect(parseError(table)?.description == "shortcuts.toml:5: shortcuts: unknown key; did you mean 'shortcut'? (allowed here: written, shortcut)")
    }

    @Test func valuesOfTheWrongKindRefuseTheFile() {
        let info = Self.text.replacingOccurrences(of: "bench = \"2\"", with: "bench = 2")
        #expect(parseError(info)?.description == "shortcuts.toml:11: shortcut[0].user_info.bench: expected a string value such as \"lab\", found an integer")
        let version = Self.text.replacingOccurrences(of: "version = \"0.1.0\"", with: "version = 1")
        #expect(parseError(version)?.description == "shortcuts.toml:12: shortcut[0].version: expected the ForcePad version that added it, such as \"0.1.0\", found an integer")
    }

    @Test func malformedTomlAndAMissingTimestampRefuseTheFile() {
        let syntax = Self.text.replacingOccurrences(of: "title = \"Tare\"", with: "title = \"Tare")
        let error = parseError(syntax)
        #expect(error?.key == "syntax")
        #expect(error?.line == 7)
        let undated = Self.text.replacingOccurrences(of: "written = \"2026-11-22T03:50:00Z\"\n", with: "")
        #expect(parseError(undated)?.description == "shortcuts.toml: written: missing; give the time the file was written, such as \"2026-11-22T03:50:00Z\"")
    }
}
