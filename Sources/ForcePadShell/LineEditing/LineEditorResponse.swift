/// What the editor did for one key or request: the screen update to send, as operations and
/// as bytes, and what happened to the line, if anything.
public struct LineEditorResponse: Sendable, Equatable {
    public let operations: [TerminalOperation]
    /// ``operations`` encoded with the editor's line ending, ready to write to the terminal.
    public let bytes: [UInt8]
    public let event: LineEditorEvent?

    init(operations: [TerminalOperation], event: LineEditorEvent? = nil, lineEnding: LineEnding) {
        self.operations = operations
        self.event = event
        bytes = TerminalOperation.encode(operations, lineEnding: lineEnding)
    }
}
