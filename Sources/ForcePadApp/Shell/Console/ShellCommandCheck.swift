import ForcePadCore
import ForcePadShell

/// Whether a shortcut's command can run in this version: it must tokenize and name a shell
/// command, and may not be `shortcut` (a shortcut running shortcuts could loop) or `quit` (a
/// shortcut may not stop the controller). A command this version does not know is "not valid
/// in this version": a shortcut stored by another version may name one.
struct ShellCommandCheck: ShortcutCommandCheck {
    let names: [String]

    init(table: CommandTable<ShellContext>) { names = table.names }

    func problem(in command: String) -> String? {
        let notInThisVersion = "command '\(command)' is not valid in this version: "
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(in: command)
        } catch {
            return notInThisVersion + error.message
        }
        guard let name = words.first else { return notInThisVersion + "the command is empty" }
        let notForShortcuts = "'\(name)' cannot be a shortcut's command: "
        switch name {
        case "quit":
            return notForShortcuts + "a shortcut may not stop the controller (type quit at the shell); give the shortcut another command"
        case "shortcut":
            return notForShortcuts + "a shortcut running shortcuts could loop; give this one the command the other shortcut runs"
        default:
            guard names.contains(name) else {
                let near = EditDistance.nearest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                return notInThisVersion + "'\(name)' is not a command\(near)"
            }
            return nil
        }
    }
}
