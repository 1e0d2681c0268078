import ForcePadCore
import Logging

/// Runs the shell commands the fleet station received from the broker (`[mqtt] commands =
/// true`, docs/fleet.md) on the shell's thread, between two of the console's own lines, and
/// hands back each answer as the console's JSON mode gives it. Each command is logged. The
/// commands that belong to a console (`quit`, `mode`, `echo`, `monitor`, `wait`) are refused.
struct RemoteCommands {
    let queue: FleetCommandQueue
    let interpreter: ShellInterpreter
    let logger: Logger

    /// Commands a broker may not send: they end, switch or hold the console.
    static let consoleOnly: Set<String> = ["quit", "exit", "mode", "echo", "monitor", "wait"]

    /// The queue of `services`' station when it accepts commands, else nil.
    init?(services: ShellServices, interpreter: ShellInterpreter, logger: Logger) {
        guard let fleet = services.fleet, fleet.settings.acceptsCommands else { return nil }
        queue = fleet.commands
        self.interpreter = interpreter
        self.logger = logger
    }

    /// Runs every command waiting.
    func run() {
        for request in queue.takeRequests() {
            let word = request.line.split(separator: " ").first.map(String.init) ?? ""
            let answer: String
            if Self.consoleOnly.contains(word.lowercased()) {
                answer = JSONValue.object([
                    ("ok", .bool(false)), ("cmd", .string(word)),
                    ("error", .string("\(word) belongs to the console; a command from the broker cannot run it")),
                ]).rendered()
            } else {
                logger.notice("mqtt: running '\(request.line)' from the broker (id \(request.id.rendered()))")
                answer = interpreter.runForReply(request.line)
            }
            queue.answer(FleetCommandQueue.reply(id: request.id, answer: answer))
        }
    }
}
