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

    /// A usage line (`sim press FORCE [for DURATION]`, `forcepad probe [--board <NAME|PATH>]`)
    /// as text man fills: options in bold, `<VALUE>` in italics without its angle brackets, a
    /// line broken only between the top-level words (the spaces within `[…]` and `"…"` are kept)
    /// and no word hyphenated.
    public static func synopsis(_ usage: String) -> String {
        var result = "\\%"
        var depth = 0
        var quoted = false
        var inOption = false
        var previous: Character = " "
        for character in usage {
            if inOption, !(character.isLetter || character.isNumber || character == "-") {
                result += "\\fR"
                inOption = false
            }
            switch character {
            case "[": depth += 1; result.append(character)
            case "]": depth -= 1; result.append(character)
            case "\"": quoted.toggle(); result.append(character)
            case "<": result += "\\fI"
            case ">": result += "\\fR"
            case " ": result += depth > 0 || quoted ? "\\ " : " \\%"
            case "-":
                if previous == " " || previous == "[" || previous == "|" {
                    result += "\\fB"
                    inOption = true
                }
                result += "\\-"
            case "\\": result += "\\e"
            default: result.append(character)
            }
            previous = character
        }
        return inOption ? result + "\\fR" : result
    }

    /// A paragraph of usage lines made with ``synopsis(_:)``, each beginning a line of its own,
    /// filled but not adjusted (single spaces between words) and indented by 4 where it wraps.
    public static func usageParagraph(_ synopses: [String]) -> [String] {
        [".PP", ".RS 4", ".na"] + synopses.flatMap { [".ti -4n", $0] } + [".ad", ".RE"]
    }

    /// Lines kept as they are (no filling), e.g. an example session.
    public static func literal(_ lines: [String]) -> [String] {
        [".PP", ".nf", ".RS 4"] + lines.map(escaped) + [".RE", ".fi"]
    }
}
