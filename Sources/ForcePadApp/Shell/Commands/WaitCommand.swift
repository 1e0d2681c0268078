import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var wait: Self {
        ShellCommand(
            name: "wait", usage: ["wait DURATION"],
            summary: "pause the shell for a while (scripts); events keep printing",
            details: [
                "DURATION takes a unit (500ms, 2s) and is at most 60s. On an interactive console any",
                "key ends the wait early.",
            ],
            examples: ["sim play press.csv", "wait 2s"]
        ) { arguments, context throws(CommandFailure) in
            let micros = try arguments.durationMicros("duration")
            try arguments.end()
            guard micros <= 60_000_000 else { throw CommandFailure("wait \(QuantityText.duration(micros)) is too long; at most 60s") }
            let slice: Int64 = 20_000
            var waited: Int64 = 0
            while waited < micros {
                let (elapsed, interrupted) = context.interruptiblePause(micros: min(slice, micros - waited))
                waited += elapsed
                context.controller.flushEvents()
                context.controller.consoleOutput.write(lines: context.performChosenShortcut())
                if interrupted {
                    return CommandReply(
                        lines: ["wait interrupted after \(QuantityText.duration(waited))"],
                        fields: [("waited_us", .int(waited)), ("interrupted", .bool(true))])
                }
            }
            return CommandReply(lines: ["waited \(QuantityText.duration(micros))"], fields: [("waited_us", .int(micros))])
        }
    }
}
