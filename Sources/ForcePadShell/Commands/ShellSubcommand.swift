/// One verb of a `noun verb` command (`record start NAME`): its name, what follows it in
/// usage, how its arguments complete, and what it does. A command made of these
/// (``ShellCommand/init(name:summary:details:examples:bare:subcommands:)``) gets its usage
/// lines, its completion of the verb and its dispatch (with a suggestion on a typo) from
/// this one declaration.
public struct ShellSubcommand<Context>: Sendable {
    /// The verb, e.g. `start`.
    public let name: String
    /// What follows the verb in usage, e.g. `N [name=NAME]`; empty when nothing does.
    public let arguments: String
    /// Words that may come next, given the words typed after the verb.
    public let completer: ShellCommand<Context>.Completer?
    public let action: ShellCommand<Context>.Action

    public init(
        _ name: String, arguments: String = "", completer: ShellCommand<Context>.Completer? = nil,
        action: @escaping ShellCommand<Context>.Action
    ) {
        self.name = name
        self.arguments = arguments
        self.completer = completer
        self.action = action
    }

    /// The usage line under `command`: `record start NAME`.
    func usage(under command: String) -> String {
        arguments.isEmpty ? "\(command) \(name)" : "\(command) \(name) \(arguments)"
    }
}
