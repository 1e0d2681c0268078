import ForcePadShell
import Glibc

/// The shell on standard input and output: reads a line, runs it, answers, until `quit` or
/// the end of input. Works the same from a terminal or a pipe; the prompt is shown only
/// when standard input is a terminal and the mode is human.
public struct ShellSession {
    public static let prompt = "forcepad> "
    let context: ShellContext
    let output: ConsoleOutput
    let table: CommandTable<ShellContext>

    public init(context: ShellContext, output: ConsoleOutput, table: CommandTable<ShellContext> = ShellCommandTable.table) {
        self.context = context
        self.output = output
        self.table = table
    }

    /// Runs until `quit` or end of input.
    public func run() {
        let interactive = isatty(STDIN_FILENO) == 1
        while true {
            if interactive && context.mode == .human { output.write(text: Self.prompt) }
            guard let line = readLine(strippingNewline: true) else { return }
            if run(line: line.hasSuffix("\r") ? String(line.dropLast()) : line) { return }
        }
    }

    /// Runs one line and writes its answer; returns true when the session should end.
    public func run(line: String) -> Bool {
        if context.echo && context.mode == .human { output.write(lines: [Self.prompt + line]) }
        let outcome = table.execute(line, context: context)
        context.controller.flushEvents()
        if outcome.command.isEmpty, case .success = outcome.result { return false }
        switch context.mode {
        case .human: output.write(lines: outcome.humanLines)
        case .json: output.write(lines: [outcome.jsonLine])
        }
        return outcome.endsSession
    }
}
