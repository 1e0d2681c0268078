import ForcePadShell

/// The shell on standard input and output when they are not a terminal (a pipe, a file, a
/// script): reads a line, runs it, answers, until `quit` or the end of input. No prompt and
/// no line editing; `echo on` writes each line back for transcripts.
public struct ShellSession {
    public static let prompt = "forcepad> "
    let interpreter: ShellInterpreter
    let output: ConsoleOutput

    init(context: ShellContext, output: ConsoleOutput, table: CommandTable<ShellContext> = ShellCommandTable.table) {
        interpreter = ShellInterpreter(context: context, table: table)
        self.output = output
    }

    /// Runs until `quit` or end of input.
    func run() {
        var reader = BoundedLineReader()
        while let line = reader.next() {
            switch line {
            case .text(let text):
                if run(line: text) { return }
            case .tooLong(let count):
                let message = "line too long (\(count) bytes; at most \(CommandLineTokenizer.maxLineBytes))"
                let outcome = CommandOutcome(command: "", result: .failure(CommandFailure(message)))
                output.write(lines: interpreter.context.mode == .json ? [outcome.jsonLine] : outcome.humanLines)
            }
        }
    }

    /// Runs one line and writes its answer; returns true when the session should end.
    func run(line: String) -> Bool {
        if interpreter.context.echo && interpreter.context.mode == .human { output.write(lines: [Self.prompt + line]) }
        let answer = interpreter.run(line)
        output.write(lines: answer.lines)
        return answer.endsSession
    }
}
