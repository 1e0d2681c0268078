/// The command reference in Markdown, generated from a command table so the documentation
/// can never disagree with the shell (`docs/commands.md` is this text, checked by a test).
public enum CommandReference {
    public static func markdown<Context>(_ table: CommandTable<Context>, title: String, introduction: [String]) -> String {
        var lines = ["# \(title)", ""] + introduction + [""]
        lines.append("| command | what it does |")
        lines.append("|---|---|")
        lines.append("| [`help`](#help) | list the commands, or explain one |")
        for command in table.commands {
            lines.append("| [`\(command.name)`](#\(anchor(command.name))) | \(command.summary) |")
        }
        lines += ["", "## help", "", "```", "help [COMMAND]", "COMMAND -h", "```", "",
                  "Lists the commands, or shows one command's usage, details and examples.", ""]
        for command in table.commands {
            lines += ["## \(command.name)", "", "```"] + command.usage + ["```", "", sentence(command.summary)]
            if !command.details.isEmpty {
                lines += [""] + [command.details.joined(separator: " ")]
            }
            if !command.examples.isEmpty {
                lines += ["", "Examples:", "", "```"] + command.examples.map { "forcepad> " + $0 } + ["```"]
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The same reference as roff lines for a man page's section (`.SH` given by the caller):
    /// one `.SS` per command with its usage, summary, details and examples.
    public static func roff<Context>(_ table: CommandTable<Context>) -> [String] {
        var lines = [".SS help"] + RoffText.usageParagraph(["help [COMMAND]", "COMMAND -h"].map(RoffText.synopsis))
            + [".PP", "Lists the commands, or shows one command's usage, details and examples."]
        for command in table.commands {
            lines += [".SS " + RoffText.escaped(command.name)] + RoffText.usageParagraph(command.usage.map(RoffText.synopsis))
            lines += [".PP", RoffText.escaped(sentence(command.summary))]
            if !command.details.isEmpty {
                lines.append(RoffText.escaped(command.details.joined(separator: " ")))
            }
            if !command.examples.isEmpty {
                lines += [".PP", "Examples:"] + RoffText.literal(command.examples.map { "forcepad> " + $0 })
            }
        }
        return lines
    }

    /// The heading's anchor as Markdown renderers make it: lower case, punctuation dropped
    /// (`*IDN?` → `idn`).
    static func anchor(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    private static func sentence(_ summary: String) -> String {
        guard let first = summary.first else { return summary }
        return first.uppercased() + summary.dropFirst() + "."
    }
}
