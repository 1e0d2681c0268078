import FoundationEssentials
import ForcePadConfig
import ForcePadShell
import Logging

/// The shell as a person uses it, on a terminal or a serial line: a line editor (cursor
/// keys, history kept across restarts, Tab completion), events printed above the input line
/// without disturbing what is being typed, and, on serial lines, an optional guard that
/// ignores input after a connect until Enter has been pressed three times.
struct InteractiveShell {
    let transport: ConsoleTransport
    let interpreter: ShellInterpreter
    let historyPath: String
    let tripleEnter: Bool
    let logger: Logger
    /// The log's router when standard error is the shell's terminal: log lines are then
    /// written to standard error above the input line.
    let logRouter: LogLineRouter?

    /// Longest the shell waits for a key before printing pending events (ms).
    static let pollMilliseconds = 20
    /// Entries kept in the history file.
    static let historyCapacity = 100

    /// Runs until `quit` (or Ctrl-D on an empty line) where the console allows it, or until
    /// standard input ends.
    /// Runs until `quit` or the end of input; returns the answer of the command that ended
    /// the session (`bye`), for the caller to write once the loop has stopped and its last
    /// events are out, so nothing is printed after it.
    func run() -> [String] {
        let controller = interpreter.context.controller
        var editor = makeEditor()
        var decoder = KeyDecoder()
        var guardian = TripleEnterGuard(enabled: tripleEnter)
        var idlePolls = 0
        controller.printEventsInBackground(false)
        logRouter?.hold()
        // A key ends a running command, and so does the end of input (a terminal that went away
        // without a SIGHUP): the shell's next read then sees it and ends the session.
        interpreter.context.keyPressed = { [transport] in
            switch transport.read(timeoutMilliseconds: 0) {
            case .bytes, .closed: true
            case .timedOut, .connected: false
            }
        }
        interpreter.context.terminalSize = { [transport] in TerminalSizeQuery.ask(transport) }
        interpreter.context.kernelTerminalSize = { [transport] in transport.kernelTerminalSize() }
        defer {
            controller.printEventsInBackground(true)
            logRouter?.release()
            interpreter.context.keyPressed = nil
            interpreter.context.terminalSize = nil
            interpreter.context.kernelTerminalSize = nil
        }
        if guardian.isOpen { write(editor.showPrompt()) }
        let remote = RemoteCommands(services: interpreter.context.services, interpreter: interpreter, logger: logger)
        while true {
            switch transport.read(timeoutMilliseconds: Self.pollMilliseconds) {
            case .closed:
                return []
            case .connected:
                editor = makeEditor()
                decoder = KeyDecoder()
                guardian.connectionStarted()
                if guardian.isOpen { write(editor.showPrompt()) }
            case .timedOut:
                idlePolls += 1
                if idlePolls >= 3, let key = decoder.abandonPendingSequence(),
                    let farewell = handle(key, editor: &editor, guardian: &guardian)
                {
                    return farewell
                }
            case .bytes(let bytes):
                idlePolls = 0
                for key in decoder.keys(from: bytes) {
                    if let farewell = handle(key, editor: &editor, guardian: &guardian) { return farewell }
                }
            }
            remote?.run()
            let logLines = (logRouter?.take() ?? []).map(TerminalSafeText.escaped)
            let events = (controller.takeEventLines() + interpreter.context.performChosenShortcut()).map(TerminalSafeText.escaped)
            if interpreter.context.mode == .json {
                LogLineRouter.writeToStandardError(logLines)
            } else if !logLines.isEmpty {
                write(editor.printAbove(logLines), toStandardError: true)
            }
            if !events.isEmpty && guardian.isOpen {
                if interpreter.context.mode == .json {
                    transport.output.write(lines: events)
                } else {
                    write(editor.printAbove(events))
                }
            }
        }
    }

    /// Feeds one key to the guard and the editor, runs a submitted line; the lines to write
    /// after the session to end it (the answer of `quit`), nil to go on.
    private func handle(_ key: Key, editor: inout LineEditor, guardian: inout TripleEnterGuard) -> [String]? {
        switch guardian.admit(key) {
        case .discard: return nil
        case .unlock:
            write(editor.showPrompt())
            return nil
        case .deliver: break
        }
        let response = editor.handle(key)
        write(response)
        switch response.event {
        case .submitted(let line):
            saveHistory(editor.history.entries)
            let controller = interpreter.context.controller
            controller.printEventsInBackground(true)
            let answer = interpreter.run(line)
            controller.printEventsInBackground(false)
            if answer.endsSession { return answer.lines }
            transport.output.write(lines: answer.lines)
            write(editor.showPrompt())
        case .abandoned:
            write(editor.showPrompt())
        case .endOfInput:
            if transport.allowsQuit { return [] }
            write(editor.showPrompt())
        case nil:
            break
        }
        return nil
    }

    private func makeEditor() -> LineEditor {
        var history = LineHistory(capacity: Self.historyCapacity)
        if let data = FileManager.default.contents(atPath: historyPath), let text = String(validating: data, as: UTF8.self) {
            for entry in HistoryText.decode(text) { history.add(entry) }
        }
        return LineEditor(
            prompt: ShellSession.prompt, history: history,
            completionProvider: ShellCompletion(table: interpreter.table, context: interpreter.context),
            lineEnding: transport.output.newline == "\r\n" ? .crlf : .lf)
    }

    private func saveHistory(_ entries: [String]) {
        do {
            try AtomicFileWriter.write(HistoryText.encode(entries), to: historyPath)
        } catch {
            logger.warning("history not saved: \(error.description)")
        }
    }

    /// Writes the editor's screen updates; none in JSON mode, where the console is a machine
    /// interface: no prompt, no echo, only answers and events.
    /// With `toStandardError`, they go to standard error (the same terminal) instead.
    private func write(_ response: LineEditorResponse, toStandardError: Bool = false) {
        guard interpreter.context.mode == .human && !response.bytes.isEmpty else { return }
        let text = String(decoding: response.bytes, as: UTF8.self)
        if toStandardError {
            StandardStream.write(text, to: StandardStream.error)
        } else {
            transport.output.write(text: text)
        }
    }
}
