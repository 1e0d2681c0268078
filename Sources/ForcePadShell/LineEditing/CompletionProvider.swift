/// Where Tab finds its completions, e.g. the command table: command names for the first
/// word, subcommands and choices for the words after it.
public protocol CompletionProvider: Sendable {
    /// The words that could stand where `partialWord` is being typed, each starting with
    /// `partialWord`; `precedingWords` are the words before it on the line, split at spaces
    /// and tabs. Order and repeats do not matter: the editor drops repeats and words not
    /// starting with `partialWord`, and sorts what it lists.
    func completions(precedingWords: [String], partialWord: String) -> [String]
}
