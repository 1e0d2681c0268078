import ForcePadCore
import ForcePadShell
import Logging

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

    /// Runs until `quit` or end of input (commands from the broker run while it waits for a line); returns the answer of the command that ended the
    /// session (`bye`), for the caller to write once the loop has stopped and its last
    /// events are out, so nothing is printed after it.
    func run() -> [String] {
        let logger = Logger(label: "forcepad")
        let remote = RemoteCommands(services: interpreter.context.services, interpreter: interpreter, logger: logger)
        var reader = BoundedLineReader(idle: remote.map { remote in { remote.run() } })
        while let line = reader.next() {
            switch line {
            case .text(let text):
                if let farewell = run(line: text) { return farewell }
            case .tooLong(let count):
                let message = "line too long (\(count) bytes; at most \(CommandLineTokenizer.maxLineBytes))"
                let outcome = CommandOutcome(command: "", result: .failure(CommandFailure(message)))
                output.write(lines: interpreter.context.mode == .json ? [outcome.jsonLine] : outcome.humanLines)
            }
        }
        return []
    }

    /// Runs one line and writes its answer; when it ends the session, returns the answer
    /// instead of writing it.
    func run(line: String) -> [String]? {
        if interpreter.context.echo && interpreter.context.mode == .human { output.write(lines: [Self.prompt + line]) }
        let answer = interpreter.run(line)
        if answer.endsSession { return answer.lines }
        output.write(lines: answer.lines)
        return nil
    }
}
