/// Text made safe for roff (man pages): a backslash is printed as `\e`, a hyphen as `\-`
/// (so that options stay copyable), and a line that would start with `.` or `'` is guarded
/// with `\&` so roff does not read it as a request.
public enum RoffText {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// Lines kept as they are (no filling), e.g. usage or an example session.
    public static func literal(_ lines: [String]) -> [String] {
        [".PP", ".nf", ".RS 4"] + lines.map(escaped) + [".RE", ".fi"]
    }
}
