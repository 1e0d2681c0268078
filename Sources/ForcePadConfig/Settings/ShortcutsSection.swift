import ForcePadCore

/// Reads the `[[shortcuts]]` tables: the static shortcuts, in file order, each type unique.
enum ShortcutsSection {
    static func read(_ tables: [TableReader]) throws(ConfigError) -> [ShortcutDefinition] {
        var shortcuts: [ShortcutDefinition] = []
        /// Index of the shortcut of each type, so that a file of thousands is checked in linear time.
        var indexByType: [String: Int] = [:]
        for table in tables {
            let shortcut = try read(table)
            if let first = indexByType[shortcut.type] {
                let firstPath = ConfigKeyPath("shortcuts", .index(first), "type")
                let firstLine = table.document.line(of: firstPath).map { " (line \($0))" } ?? ""
                throw table.error("type", "\(QuotedValue.quoted(shortcut.type)) is already the type of shortcuts[\(first)]\(firstLine); give each shortcut its own type")
            }
            indexByType[shortcut.type] = shortcuts.count
            shortcuts.append(shortcut)
        }
        return shortcuts
    }

    private static func read(_ table: TableReader) throws(ConfigError) -> ShortcutDefinition {
        let type = try table.requiredString("type", expected: "a unique identifier such as \"lab.tare\"")
        let title = try table.requiredString("title", expected: "the text the operator sees, such as \"Tare\"")
        let subtitle = try table.string("subtitle", expected: "a second line of text such as \"Zero every cell\"")
        let icon: ShortcutIcon? = try table.choice("icon", noun: "icon")
        let command = try table.requiredString("command", expected: "a shell command line such as \"tare\"")
        let userInfo = try readUserInfo(table)
        try table.finish()
        let shortcut = ShortcutDefinition(
            type: type, title: title, subtitle: subtitle, icon: icon, userInfo: userInfo, command: command)
        if let problem = shortcut.problem { throw table.error(problem.field, problem.message) }
        return shortcut
    }

    /// `user_info = { key = "value", … }`: string keys and string values only.
    static func readUserInfo(_ table: TableReader) throws(ConfigError) -> [String: String] {
        guard let info = try table.table("user_info") else { return [:] }
        var userInfo: [String: String] = [:]
        for (key, value) in info.entries() {
            guard let text = value.string else {
                throw info.error(key, TableReader.mismatch(expected: "a string value such as \"lab\"", found: value))
            }
            userInfo[key] = text
        }
        return userInfo
    }
}
