import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var mode: Self {
        ShellCommand(
            name: "mode", usage: ["mode", "mode json|human"],
            summary: "answer in readable lines or in JSON lines for scripts",
            details: ["In json mode every command answers one line {\"ok\":true,\"cmd\":…} or {\"ok\":false,…,\"error\":…}."],
            examples: ["mode json", "mode human"],
            completer: { words, _ in words.isEmpty ? OutputMode.allCases.map(\.rawValue) : [] }
        ) { arguments, context throws(CommandFailure) in
            if !arguments.isAtEnd {
                let name = try arguments.choice("mode", from: OutputMode.allCases.map(\.rawValue))
                try arguments.end()
                context.mode = OutputMode(rawValue: name)!
            }
            return CommandReply(lines: ["mode \(context.mode.rawValue)"], fields: [("mode", .string(context.mode.rawValue))])
        }
    }

    static var echo: Self {
        ShellCommand(
            name: "echo", usage: ["echo", "echo on|off"],
            summary: "write each command line back before its answer",
            details: ["Useful for transcripts of piped sessions; off by default."],
            examples: ["echo on"],
            completer: { words, _ in words.isEmpty ? ["on", "off"] : [] }
        ) { arguments, context throws(CommandFailure) in
            if !arguments.isAtEnd {
                context.echo = try arguments.choice("echo setting", from: ["on", "off"]) == "on"
                try arguments.end()
            }
            return CommandReply(lines: ["echo \(context.echo ? "on" : "off")"], fields: [("echo", .bool(context.echo))])
        }
    }

    static var quit: Self {
        ShellCommand(
            name: "quit", usage: ["quit"],
            summary: "stop the controller and exit (standard input only)",
            details: [
                "The haptic line is driven off before the program exits.",
                "Settings changed since the config files were loaded or saved are named once: on a",
                "terminal the first quit stops there (quit again to discard them), from a pipe it",
                "warns and quits.",
            ],
            examples: ["quit"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            guard context.canQuit else { throw CommandFailure("quit is only available on standard input; this console stays up") }
            if let warning = context.takeUnsavedChangesWarning() {
                if context.keyPressed != nil { throw CommandFailure(warning + "; quit again to discard them") }
                let keys = context.controller.unsavedKeys.map { JSONValue.string($0) }
                return CommandReply(lines: ["warning: " + warning, "bye"], fields: [("unsaved", .array(keys))], endsSession: true)
            }
            return CommandReply(lines: ["bye"], fields: [], endsSession: true)
        }
    }
}
