import ForcePadCore

/// Splits a shell line into words: spaces and tabs separate words, "double" or 'single'
/// quotes keep spaces inside one word, and a backslash escapes the next character
/// (outside single quotes). `name="a b"` is one word `name=a b`.
public enum CommandLineTokenizer {
    /// Longest line the shell accepts, in bytes (longer lines are refused, not truncated).
    public static let maxLineBytes = 1024

    public static func words(in line: String) throws(CommandFailure) -> [String] {
        guard line.utf8.count <= maxLineBytes else {
            throw CommandFailure("line too long (\(line.utf8.count) bytes; at most \(maxLineBytes))")
        }
        if let control = line.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            throw CommandFailure("line contains the control character 0x\(String(control.value, radix: 16, uppercase: true)); type plain text")
        }
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in line {
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            if character == "\\" && quote != "'" {
                escaping = true
                inWord = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                inWord = true
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if let open = quote { throw CommandFailure("unterminated \(open) quote: close it with \(open)") }
        if escaping { throw CommandFailure("line ends with a lone backslash") }
        if inWord { words.append(current) }
        return words
    }
}
