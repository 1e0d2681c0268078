import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var wait: Self {
        ShellCommand(
            name: "wait", usage: ["wait DURATION"],
            summary: "pause the shell for a while (scripts); events keep printing",
            details: ["DURATION takes a unit (500ms, 2s) and is at most 60s."],
            examples: ["sim play press.csv", "wait 2s"]
        ) { arguments, context throws(CommandFailure) in
            let micros = try arguments.durationMicros("duration")
            try arguments.end()
            guard micros <= 60_000_000 else { throw CommandFailure("wait \(QuantityText.duration(micros)) is too long; at most 60s") }
            let slice: Int64 = 20_000
            var left = micros
            while left > 0 {
                context.controller.pause(micros: min(slice, left))
                context.controller.flushEvents()
                context.controller.consoleOutput.write(lines: context.performChosenShortcut())
                left -= slice
            }
            return CommandReply(lines: ["waited \(QuantityText.duration(micros))"], fields: [("waited_us", .int(micros))])
        }
    }
}
