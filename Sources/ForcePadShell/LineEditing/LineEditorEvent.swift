/// What a key did to the line as a whole. After each of these the prompt is no longer shown:
/// the caller runs the line (or not), prints its answer, then calls
/// ``LineEditor/showPrompt()``.
public enum LineEditorEvent: Sendable, Equatable {
    /// Enter: the line typed, without its line ending (possibly empty).
    case submitted(String)
    /// Ctrl-C: the line was thrown away.
    case abandoned
    /// Ctrl-D on an empty line: the operator is done.
    case endOfInput
}
