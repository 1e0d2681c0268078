import ForcePadCore
import ForcePadShell
import Logging

extension ShellCommand where Context == ShellContext {
    static var log: Self {
        ShellCommand(
            name: "log", usage: ["log", "log trace|debug|info|notice|warning|error|critical"],
            summary: "show or set the log level (log lines go to standard error)",
            examples: ["log debug", "log warning"],
            completer: { words, _ in words.isEmpty ? ControllerSettings.logLevels : [] }
        ) { arguments, context throws(CommandFailure) in
            let setting = context.controller.logLevel
            if !arguments.isAtEnd {
                let name = try arguments.choice("log level", from: ControllerSettings.logLevels)
                try arguments.end()
                setting.level = Logger.Level(rawValue: name)!
            }
            return CommandReply(lines: ["log level \(setting.level.rawValue)"], fields: [("level", .string(setting.level.rawValue))])
        }
    }
}
