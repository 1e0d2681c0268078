import ForcePadCore

/// The shell's commands, and the interpreter that runs a line against them. `help` is
/// built in and generated from the table, as is `CMD -h`.
public struct CommandTable<Context>: Sendable {
    public let commands: [ShellCommand<Context>]

    public init(_ commands: [ShellCommand<Context>]) {
        precondition(Set(commands.map(\.name)).count == commands.count, "command names must be unique")
        self.commands = commands
    }

    public var names: [String] { ["help"] + commands.map(\.name) }

    /// The command called `name`; IEEE 488.2 common commands (`*IDN?`) in any case.
    public func command(named name: String) -> ShellCommand<Context>? {
        let wanted = name.hasPrefix("*") ? name.uppercased() : name
        return commands.first { $0.name == wanted }
    }

    /// Runs one line. An empty line (or only spaces) gives an empty reply.
    public func execute(_ line: String, context: Context) -> CommandOutcome {
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(in: line)
        } catch {
            return CommandOutcome(command: "", result: .failure(error))
        }
        guard let name = words.first else { return CommandOutcome(command: "", result: .success(CommandReply())) }
        let arguments = Array(words.dropFirst())
        if name == "help" {
            return CommandOutcome(command: name, result: Result { () throws(CommandFailure) in try help(arguments) })
        }
        guard let command = command(named: name) else {
            let hint = EditDistance.nearest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
            return CommandOutcome(
                command: name, result: .failure(CommandFailure("unknown command '\(name)': \(hint)type help for the list")))
        }
        if arguments.contains("-h") || arguments.contains("--help") {
            return CommandOutcome(command: command.name, result: .success(helpReply(for: command)))
        }
        var cursor = ArgumentCursor(words: arguments, usage: command.usage.joined(separator: " | "))
        return CommandOutcome(
            command: command.name,
            result: Result { () throws(CommandFailure) in try command.action(&cursor, context) })
    }

    private func help(_ arguments: [String]) throws(CommandFailure) -> CommandReply {
        guard let topic = arguments.first else { return helpList() }
        guard arguments.count == 1 else { throw CommandFailure("unexpected '\(arguments[1])'; usage: help [COMMAND]") }
        if topic == "help" {
            return CommandReply(lines: ["help [COMMAND]", "  Lists the commands, or explains one."],
                                fields: [("command", .string("help")), ("usage", .array([.string("help [COMMAND]")]))])
        }
        guard let command = command(named: topic) else {
            let hint = EditDistance.nearest(to: topic, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw CommandFailure("no command '\(topic)': \(hint)type help for the list")
        }
        return helpReply(for: command)
    }

    private func helpList() -> CommandReply {
        let width = commands.map(\.name.count).max() ?? 4
        var lines = ["Commands (help COMMAND for details):"]
        lines.append("  " + "help".padded(to: width) + "  list commands or explain one")
        for command in commands {
            lines.append("  " + command.name.padded(to: width) + "  " + command.summary)
        }
        let list = commands.map { JSONValue.object([("name", .string($0.name)), ("summary", .string($0.summary))]) }
        return CommandReply(lines: lines, fields: [("commands", .array(list))])
    }

    /// Candidates for the word being typed: command names first, then what the command's
    /// completer offers for its arguments (`help` completes command names).
    public func completions(precedingWords: [String], partialWord: String, context: Context) -> [String] {
        let candidates: [String]
        if precedingWords.isEmpty {
            candidates = names
        } else if precedingWords[0] == "help" {
            candidates = precedingWords.count == 1 ? names : []
        } else {
            candidates = command(named: precedingWords[0])?.completer?(Array(precedingWords.dropFirst()), context) ?? []
        }
        return candidates.filter { $0.hasPrefix(partialWord) }
    }

    /// The `help CMD` text: usage, details, examples.
    public func helpReply(for command: ShellCommand<Context>) -> CommandReply {
        var lines = command.usage
        lines.append("  " + command.summary)
        lines += command.details.map { "  " + $0 }
        if !command.examples.isEmpty {
            lines.append("Examples:")
            lines += command.examples.map { "  " + $0 }
        }
        return CommandReply(lines: lines, fields: [
            ("command", .string(command.name)),
            ("usage", .array(command.usage.map { .string($0) })),
            ("summary", .string(command.summary)),
            ("details", .array(command.details.map { .string($0) })),
            ("examples", .array(command.examples.map { .string($0) })),
        ])
    }
}
