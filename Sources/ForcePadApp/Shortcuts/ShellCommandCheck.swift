import ForcePadCore
import ForcePadShell

/// Whether a shortcut's command can run in this version: it must tokenize and name a shell
/// command, and may not be `shortcut` (a shortcut running shortcuts could loop) or `quit`.
struct ShellCommandCheck: ShortcutCommandCheck {
    let names: [String]

    init(table: CommandTable<ShellContext>) { names = table.names }

    func problem(in command: String) -> String? {
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(in: command)
        } catch {
            return error.message
        }
        guard let name = words.first else { return "the command is empty" }
        if name == "shortcut" || name == "quit" { return "a shortcut may not run '\(name)'" }
        guard names.contains(name) else {
            let near = EditDistance.nearest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            return "'\(name)' is not a command\(near)"
        }
        return nil
    }
}
