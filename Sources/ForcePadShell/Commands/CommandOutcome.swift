import ForcePadCore

/// The result of one shell line: which command ran (for JSON's `cmd`) and its reply or failure.
public struct CommandOutcome: Sendable {
    /// The command word as typed (empty for an empty line).
    public let command: String
    public let result: Result<CommandReply, CommandFailure>

    public init(command: String, result: Result<CommandReply, CommandFailure>) {
        self.command = command
        self.result = result
    }

    /// The JSON line for machine mode.
    public var jsonLine: String {
        switch result {
        case .success(let reply):
            JSONValue.object([("ok", .bool(true)), ("cmd", .string(command))] + reply.fields).rendered()
        case .failure(let failure):
            JSONValue.object([("ok", .bool(false)), ("cmd", .string(command)), ("error", .string(failure.message))]).rendered()
        }
    }

    /// The readable lines for human mode (errors start with `error: `).
    public var humanLines: [String] {
        switch result {
        case .success(let reply): reply.lines
        case .failure(let failure): ["error: " + failure.message]
        }
    }

    public var endsSession: Bool { (try? result.get())?.endsSession ?? false }
}
