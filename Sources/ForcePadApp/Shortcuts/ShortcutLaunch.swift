/// `--shortcut TYPE`: the type is passed to `shortcut run` as one quoted word.
enum ShortcutLaunch {
    /// `type` in double quotes, with quotes and backslashes escaped for the tokenizer.
    static func quoted(_ type: String) -> String {
        "\"" + type.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
