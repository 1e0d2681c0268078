import ForcePadCore

/// One command of the shell: how it is typed, what it does, and the code that does it.
/// The command table made of these is the single source of `help`, `help CMD`, `CMD -h`
/// and the command reference.
public struct ShellCommand<Context>: Sendable {
    public typealias Action = @Sendable (inout ArgumentCursor, Context) throws(CommandFailure) -> CommandReply
    /// Words that may come next, given the words typed after the command name.
    public typealias Completer = @Sendable (_ precedingArguments: [String], Context) -> [String]

    /// First word, e.g. `threshold`.
    public let name: String
    /// Usage lines, e.g. `threshold [touch|peek|pop FORCE]`.
    public let usage: [String]
    /// One line for the `help` list.
    public let summary: String
    /// Further lines for `help CMD`.
    public let details: [String]
    /// Example lines for `help CMD` and the reference.
    public let examples: [String]
    public let action: Action
    public let completer: Completer?

    public init(
        name: String, usage: [String], summary: String, details: [String] = [],
        examples: [String] = [], completer: Completer? = nil, action: @escaping Action
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
        self.examples = examples
        self.action = action
        self.completer = completer
    }

    /// A `noun verb` command: usage, completion and dispatch come from `subcommands`. `bare`
    /// is what the command does with no verb (usage `noun`), or nil when a verb is required.
    public init(
        name: String, summary: String, details: [String] = [], examples: [String] = [], bare: Action? = nil,
        subcommands: [ShellSubcommand<Context>]
    ) {
        let verbs = subcommands.map(\.name)
        self.init(
            name: name, usage: (bare == nil ? [] : [name]) + subcommands.map { $0.usage(under: name) }, summary: summary,
            details: details, examples: examples,
            completer: { words, context in
                guard let verb = words.first else { return verbs }
                return subcommands.first { $0.name == verb }?.completer?(Array(words.dropFirst()), context) ?? []
            }
        ) { arguments, context throws(CommandFailure) in
            if arguments.isAtEnd, let bare { return try bare(&arguments, context) }
            let verb = try arguments.choice("\(name) action", from: verbs)
            let subcommand = subcommands.first { $0.name == verb }!
            return try subcommand.action(&arguments, context)
        }
    }
}
