import ForcePadCore

/// The dynamic shortcuts kept in the state directory: one `[[shortcut]]` table per
/// shortcut, in the order they were added, each stamped with the ForcePad version that added
/// it, and the time the file was written.
///
/// ```
/// written = "2026-11-22T03:50:00Z"
///
/// [[shortcut]]
/// type = "lab.tare"
/// title = "Tare"
/// subtitle = "Zero every cell"
/// icon = "tare"
/// command = "tare"
/// user_info = { owner = "lab" }
/// version = "0.1.0"
/// ```
///
/// Reading is strict about the form and lenient about the content, so that nothing saved is
/// ever lost:
/// - What cannot be read back exactly refuses the whole file with `file:line: key: message`:
///   malformed TOML, an unknown key, a missing or empty `written`, `type`, `title`,
///   `command` or `version`, a value of the wrong kind, a `user_info` value that is not a
///   string. No entry is dropped; ``DynamicShortcutsStore`` then never overwrites the file,
///   and the operator fixes or moves it.
/// - What one version may judge differently from another is read as written: field
///   lengths, the characters of a type, an icon name, a type used twice, a command. The
///   ``ShortcutRegistry`` lists such a shortcut as invalid, and it is saved again unchanged.
public enum DynamicShortcutsFile {
    /// Name of the file inside the state directory.
    public static let fileName = "shortcuts.toml"

    /// Reads a dynamic shortcuts file; errors name the file, line and key.
    public static func load(path: String) throws(ConfigError) -> [DynamicShortcut] {
        try parse(text: TextFileReader.read(path: path), file: path)
    }

    public static func parse(text: String, file: String) throws(ConfigError) -> [DynamicShortcut] {
        let document = try ConfigDocument(text: text, file: file)
        let root = document.rootReader()
        _ = try root.requiredString("written", expected: "the time the file was written, such as \"2026-11-22T03:50:00Z\"")
        let tables = try root.tables("shortcut") ?? []
        try root.finish()
        var shortcuts: [DynamicShortcut] = []
        for table in tables {
            shortcuts.append(try read(table))
        }
        return shortcuts
    }

    /// The file's text for `shortcuts`, in their order, written at `timestamp`. Optional
    /// fields that are absent are left out, and `user_info` keys are sorted, so the same
    /// shortcuts always give the same text.
    public static func render(_ shortcuts: [DynamicShortcut], timestamp: String) -> String {
        var lines = [
            "# ForcePad dynamic shortcuts, in the order they were added with 'shortcut add'.",
            "# Written by forcepad on every change; 'version' is the ForcePad version that added each one.",
            "written = \(TOMLText.string(timestamp))",
        ]
        for shortcut in shortcuts {
            lines += ["", "[[shortcut]]", "type = \(TOMLText.string(shortcut.type))", "title = \(TOMLText.string(shortcut.title))"]
            if let subtitle = shortcut.subtitle { lines.append("subtitle = \(TOMLText.string(subtitle))") }
            if let iconName = shortcut.iconName { lines.append("icon = \(TOMLText.string(iconName))") }
            lines.append("command = \(TOMLText.string(shortcut.command))")
            if !shortcut.userInfo.isEmpty {
                let pairs = shortcut.userInfo.sorted { $0.key < $1.key }.map { "\(TOMLText.key($0.key)) = \(TOMLText.string($0.value))" }
                lines.append("user_info = { " + pairs.joined(separator: ", ") + " }")
            }
            lines.append("version = \(TOMLText.string(shortcut.version))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func read(_ table: TableReader) throws(ConfigError) -> DynamicShortcut {
        let type = try table.requiredString("type", expected: "the shortcut's identifier, such as \"lab.tare\"")
        let title = try table.requiredString("title", expected: "the text the operator sees, such as \"Tare\"")
        let subtitle = try table.string("subtitle", expected: "a second line of text such as \"Zero every cell\"")
        let iconName = try table.string("icon", expected: "an icon name such as \"tare\"")
        let command = try table.requiredString("command", expected: "a shell command line such as \"tare\"")
        let userInfo = try ShortcutsSection.readUserInfo(table)
        let version = try table.requiredString("version", expected: "the ForcePad version that added it, such as \"0.1.0\"")
        try table.finish()
        return DynamicShortcut(
            type: type, title: title, subtitle: subtitle, iconName: iconName, userInfo: userInfo, command: command,
            version: version)
    }
}
