import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var tare: Self {
        ShellCommand(
            name: "tare", usage: ["tare"],
            summary: "measure every cell's zero (the pad must be untouched)",
            details: [
                "Averages each cell over [baseline] tare (200ms by default), dropping the extremes.",
                "Refused if the total reaches the touch threshold meanwhile, or a cell is unsteady.",
                "Between tares the zeros follow slow drift while the pad is untouched.",
            ],
            examples: ["tare"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let controller = context.controller
            switch try controller.tare() {
            case .done:
                let snapshot = controller.snapshot()
                let zeros = (0..<snapshot.force.cellCount).map { snapshot.cellCounts.zeros[$0] }
                return CommandReply(
                    lines: ["tared: zeros " + zeros.map(String.init).joined(separator: " ") + " counts"],
                    fields: [("zeros", .array(zeros.map { .int(Int64($0)) }))])
            case .refusedTouched(let peak):
                throw CommandFailure("tare refused: the pad is being touched (up to \(peak) while measuring); lift off and try again")
            case .refusedUnsteady(let cell, let spread):
                throw CommandFailure("tare refused: cell \(cell) moved by \(spread) counts while measuring (limit \(controller.settings.baseline.tareSpreadLimitCounts)); keep the pad still and try again")
            case .none, .measuring:
                throw CommandFailure("the tare did not finish; try again")
            }
        }
    }
}
