import ForcePadShell

/// Tab completion for the line editor from the command table: command names, then each
/// command's own choices (stages, presets, pattern names, …).
struct ShellCompletion: CompletionProvider, @unchecked Sendable {
    let table: CommandTable<ShellContext>
    /// Read on the shell thread only, where the line editor runs.
    let context: ShellContext

    func completions(precedingWords: [String], partialWord: String) -> [String] {
        table.completions(precedingWords: precedingWords, partialWord: partialWord, context: context)
    }
}
