import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var cancel: Self {
        ShellCommand(
            name: "cancel", usage: ["cancel"],
            summary: "cancel the press in progress (press.cancelled, reason command)",
            details: ["Its haptics stop; the next press starts once the force has fallen below the release level."],
            examples: ["cancel"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            let state = context.controller.snapshot().pressState
            guard state == .touching || state == .peek || state == .pop else {
                throw CommandFailure("no press in progress (press state: \(state.rawValue))")
            }
            try context.controller.send(.cancelPress)
            return CommandReply(lines: ["cancelled"], fields: [])
        }
    }
}
