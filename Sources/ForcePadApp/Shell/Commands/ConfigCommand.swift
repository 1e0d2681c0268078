import ForcePadConfig
import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var config: Self {
        ShellCommand(
            name: "config",
            summary: "show the settings in force, compare them with the config files, save them",
            details: [
                "show lists every setting the shell can change (and the others the config file holds but",
                "[press], [trials] and shortcuts) as the file writes it; --origin adds where each value",
                "comes from: FILE:LINE of the file that writes it (the lab's /etc/forcepad/forcepad.toml,",
                "then the user's file on top), built-in, or 'changed in this session'.",
                "diff shows what the running settings change against the files as they are now:",
                "- the files' value, + the running one.",
                "save writes the changed values into the user's file (--config PATH, else",
                "~/.config/forcepad/forcepad.toml): comments, order and other values are kept, the",
                "previous file is kept as NAME~, and the file is replaced in one step.",
            ],
            examples: ["config show --origin", "config diff", "config save"],
            subcommands: [
                ShellSubcommand("show", arguments: "[--origin]", completer: { words, _ in words.isEmpty ? ["--origin"] : [] }) {
                    arguments, context throws(CommandFailure) in
                    let origins = arguments.accept("--origin")
                    try arguments.end()
                    return try Self.showConfig(context.controller, origins: origins)
                },
                ShellSubcommand("diff") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    return try Self.configDiff(context.controller)
                },
                ShellSubcommand("save") { arguments, context throws(CommandFailure) in
                    try arguments.end()
                    let outcome = try context.controller.saveSettings()
                    guard !outcome.differences.isEmpty else {
                        return CommandReply(
                            lines: ["nothing to save: \(outcome.file) already gives the running settings"],
                            fields: [("file", .string(outcome.file)), ("saved", .array([]))])
                    }
                    let written = outcome.writtenKeys, removed = outcome.removedKeys
                    var changes: [String] = []
                    if !written.isEmpty { changes.append("saved \(written.joined(separator: ", ")) to \(outcome.file)") }
                    if !removed.isEmpty { changes.append("removed \(removed.joined(separator: ", ")) from \(written.isEmpty ? outcome.file : "it")") }
                    let previous = outcome.previousFile.map { "; the previous file is \($0)" } ?? " (a new file)"
                    return CommandReply(
                        lines: [changes.joined(separator: ", ") + previous],
                        fields: [
                            ("file", .string(outcome.file)), ("saved", .array(written.map { .string($0) })),
                            ("removed", .array(removed.map { .string($0) })),
                            ("previous", outcome.previousFile.map { .string($0) } ?? .null),
                        ])
                },
            ])
    }

    /// `config show`: every value in force, with its origin when `origins`.
    static func showConfig(_ controller: Controller, origins: Bool) throws(CommandFailure) -> CommandReply {
        let running = ConfigValueList.values(of: controller.settings)
        let snapshot = origins ? try controller.loadConfigFiles() : nil
        var filed: [String: String] = [:]
        for value in snapshot?.values ?? [] { filed[value.key] = value.text }
        var lines: [String] = []
        var entries: [JSONValue] = []
        let width = running.map { $0.key.count + $0.text.count + 3 }.max() ?? 0
        for value in running {
            let line = "\(value.key) = \(value.text)"
            guard let snapshot else {
                lines.append(line)
                entries.append(.object([("key", .string(value.key)), ("value", .string(value.text))]))
                continue
            }
            let origin = filed[value.key] == value.text ? snapshot.origin(of: value.key) ?? "built-in" : "changed in this session"
            lines.append(line + String(repeating: " ", count: width - line.count) + "  # " + origin)
            entries.append(.object([("key", .string(value.key)), ("value", .string(value.text)), ("origin", .string(origin))]))
        }
        return CommandReply(lines: lines, fields: [("settings", .array(entries))])
    }

    /// `config diff`: `-` the files' value and `+` the running one for each setting that differs.
    static func configDiff(_ controller: Controller) throws(CommandFailure) -> CommandReply {
        let snapshot = try controller.loadConfigFiles()
        let differences = ConfigDifference.between(saved: snapshot.values, running: ConfigValueList.values(of: controller.settings))
        guard !differences.isEmpty else {
            return CommandReply(lines: ["no changes: the running settings are those of \(snapshot.source)"], fields: [("changes", .array([]))])
        }
        var lines = ["--- \(snapshot.source)", "+++ running"]
        var entries: [JSONValue] = []
        for difference in differences {
            let origin = snapshot.origin(of: difference.key)
            if let saved = difference.saved { lines.append("-\(difference.key) = \(saved)" + (origin.map { "  # \($0)" } ?? "  # built-in")) }
            if let running = difference.running { lines.append("+\(difference.key) = \(running)") }
            entries.append(.object([
                ("key", .string(difference.key)), ("file", difference.saved.map { .string($0) } ?? .null),
                ("running", difference.running.map { .string($0) } ?? .null), ("origin", origin.map { .string($0) } ?? .null),
            ]))
        }
        return CommandReply(lines: lines, fields: [("changes", .array(entries))])
    }
}
