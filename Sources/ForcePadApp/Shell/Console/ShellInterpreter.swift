import ForcePadShell

/// Runs one shell line against the command table and renders the answer in the session's
/// mode: the single place a typed line, a piped line or (later) a shortcut becomes output.
struct ShellInterpreter {
    let context: ShellContext
    let table: CommandTable<ShellContext>

    /// Runs lines of `context` against `table`, which the context's shortcuts then use too.
    init(context: ShellContext, table: CommandTable<ShellContext>) {
        self.context = context
        self.table = table
        context.commands = table
    }

    /// The answer's lines (none for an empty line) and whether the session should end.
    /// Events reported while the command ran are printed first, to keep their order.
    func run(_ line: String) -> (lines: [String], endsSession: Bool) {
        let outcome = table.execute(line, context: context)
        context.controller.flushEvents()
        let chosen = context.performChosenShortcut()
        if outcome.command.isEmpty, case .success = outcome.result { return ([], false) }
        switch context.mode {
        case .human: return (chosen + outcome.humanLines, outcome.endsSession)
        case .json: return (chosen + [outcome.jsonLine], outcome.endsSession)
        }
    }

    /// Runs `line` for someone away from the console (a command from the broker): the
    /// answer as JSON mode's line, whatever the console's mode.
    func runForReply(_ line: String) -> String {
        let outcome = table.execute(line, context: context)
        context.controller.flushEvents()
        return outcome.jsonLine
    }
}
