import ForcePadConfig
import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var shortcut: Self {
        ShellCommand(
            name: "shortcut",
            summary: "quick actions: list, add, remove and run shortcuts",
            details: [
                "Static shortcuts come from [[shortcuts]] in the config file, dynamic ones from 'shortcut add'",
                "(kept in the state directory). At most four are shown, static first, in slots 1 to 4.",
                "A shortcut runs a shell command line; running reports shortcut.performed with handled",
                "true or false. Other KEY=VALUE words become the shortcut's user info.",
            ],
            examples: [
                "shortcut list", "shortcut add lab.firm \"Firm\" \"preset firm\" icon=preset", "shortcut run lab.firm",
                "shortcut run 1", "shortcut remove lab.firm",
            ],
            bare: { _, context throws(CommandFailure) in Self.shortcutList(context.controller.shortcuts) },
            subcommands: [
                ShellSubcommand("list") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    try arguments.end()
                    return Self.shortcutList(controller.shortcuts)
                },
                ShellSubcommand("add", arguments: "TYPE \"TITLE\" \"COMMAND\" [subtitle=\"…\"] [icon=NAME] [KEY=VALUE…]") { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let type = try arguments.word("type")
                    let title = try arguments.word("title")
                    let command = try arguments.word("command")
                    var subtitle: String?, icon: String?
                    var userInfo: [String: String] = [:]
                    while !arguments.isAtEnd {
                        let option = try arguments.word("option")
                        guard let equals = option.firstIndex(of: "=") else {
                            throw CommandFailure("unexpected '\(option)': options are subtitle=\"…\", icon=NAME or KEY=VALUE")
                        }
                        let key = String(option[..<equals]), value = String(option[option.index(after: equals)...])
                        switch key {
                        case "subtitle": subtitle = value
                        case "icon": icon = value
                        default: userInfo[key] = value
                        }
                    }
                    let added = try controller.addShortcut(DynamicShortcut(
                        type: type, title: title, subtitle: subtitle, iconName: icon, userInfo: userInfo, command: command,
                        version: ForcePadVersion.current))
                    return CommandReply(
                        lines: ["added \(type)" + (added.slot.map { " in slot \($0)" } ?? " (hidden: four shortcuts are shown)")],
                        fields: [("type", .string(type)), ("slot", added.slot.map { .int(Int64($0)) } ?? .null)])
                },
                ShellSubcommand("remove", arguments: "TYPE", completer: { words, context in words.isEmpty ? context.controller.shortcuts.entries.map(\.type) : [] }) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let type = try arguments.word("type")
                    try arguments.end()
                    try controller.removeShortcut(type: type)
                    return CommandReply(lines: ["removed \(type)"], fields: [("type", .string(type))])
                },
                ShellSubcommand("run", arguments: "TYPE|SLOT", completer: { words, context in words.isEmpty ? context.controller.shortcuts.entries.map(\.type) : [] }) { arguments, context throws(CommandFailure) in
                    let controller = context.controller
                    let reference = try arguments.word("type or slot")
                    try arguments.end()
                    do throws(ShortcutRefusal) {
                        _ = try controller.shortcuts.entry(for: .typeOrSlot(reference))
                    } catch {
                        throw CommandFailure(error.message)
                    }
                    let (outcome, lines) = context.performShortcut(.typeOrSlot(reference))
                    return CommandReply(
                        lines: lines + ["shortcut \(outcome.type): \(outcome.handled ? "handled" : "not handled: \(outcome.error ?? "")")"],
                        fields: [("type", .string(outcome.type)), ("handled", .bool(outcome.handled))] + (outcome.error.map { [("error", JSONValue.string($0))] } ?? []))
                },
            ])
    }

    static func shortcutList(_ registry: ShortcutRegistry) -> CommandReply {
        var lines: [String] = []
        var entries: [JSONValue] = []
        for entry in registry.entries {
            let slot = entry.slot.map { "\($0)" } ?? "-"
            let origin: String
            switch entry.origin {
            case .config: origin = "config"
            case .dynamic(let version): origin = "added (v\(version))"
            }
            let state = entry.invalidReason.map { "  INVALID: \($0)" } ?? ""
            let subtitle = entry.definition.subtitle.map { " — \($0)" } ?? ""
            lines.append("\(slot)  \(entry.type)  \"\(entry.definition.title)\"\(subtitle)  → \(entry.definition.command)  [\(origin)]\(state)")
            entries.append(.object([
                ("slot", entry.slot.map { .int(Int64($0)) } ?? .null), ("type", .string(entry.type)),
                ("title", .string(entry.definition.title)), ("subtitle", entry.definition.subtitle.map { .string($0) } ?? .null),
                ("icon", entry.definition.icon.map { .string($0.rawValue) } ?? .null), ("command", .string(entry.definition.command)),
                ("valid", .bool(entry.isValid)), ("invalid_reason", entry.invalidReason.map { .string($0) } ?? .null),
            ]))
        }
        if lines.isEmpty { lines.append("no shortcuts: add one with shortcut add, or in [[shortcuts]] of the config file") }
        lines.append("\(registry.visible.count) shown, \(registry.hiddenCount) hidden")
        return CommandReply(lines: lines, fields: [("shortcuts", .array(entries)), ("hidden", .int(Int64(registry.hiddenCount)))])
    }
}
