/// A position in the UTF-8 bytes of a TOML file: the 1-based line and column there, the
/// classes of bytes TOML's grammar is made of, and errors placed at the position.
///
/// Every error is a `syntax` ``ConfigError`` at a line, its message one line that says what
/// is wrong and how to fix it.
struct TOMLCursor {
    let bytes: [UInt8]
    /// The file's name in errors.
    let file: String
    private(set) var position = 0
    /// 1-based line of ``position``.
    private(set) var line = 1
    /// Index of the first byte of the current line.
    private var lineStart = 0

    init(text: String, file: String) {
        bytes = Array(text.utf8)
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    // MARK: Moving

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte `offset` bytes ahead, nil past the end.
    func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Moves past `count` bytes of the current line.
    mutating func advance(by count: Int = 1) { position += count }

    /// Whether a line ends here: a line feed, or a carriage return and a line feed.
    var isAtLineEnd: Bool {
        peek() == UInt8(ascii: "\n") || (peek() == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n"))
    }

    /// Moves past the line ending at ``position`` (``isAtLineEnd``) onto the next line.
    mutating func advanceLine() {
        position += peek() == UInt8(ascii: "\r") ? 2 : 1
        line += 1
        lineStart = position
    }

    /// Moves past spaces and tabs.
    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
    }

    /// Moves past a comment, if one starts here, to the end of its line.
    mutating func skipComment() throws(ConfigError) {
        guard peek() == UInt8(ascii: "#") else { return }
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { return }
            try checkTextByte(byte)
            position += 1
        }
    }

    /// Moves past spaces, tabs, comments and line endings, as between array elements.
    mutating func skipBlankLines() throws(ConfigError) {
        while true {
            skipSpaces()
            try skipComment()
            guard isAtLineEnd else { return }
            advanceLine()
        }
    }

    // MARK: Byte classes

    /// Bytes of bare keys: ASCII letters and digits, `_` and `-`.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Bytes of bare values (numbers, dates, times, booleans) and bare keys: ASCII letters
    /// and digits, `+`, `-`, `.`, `_` and `:`.
    static func isBareValueByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// Bytes with a meaning of their own outside strings: white space, line ends, comments,
    /// quotes, brackets, `=`, `.` and `,`.
    static func isStructureByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "#"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "="), UInt8(ascii: "."), UInt8(ascii: ","):
            true
        default: false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    // MARK: Errors

    /// Refuses a byte inside a string or comment that TOML does not allow there: NUL and the
    /// other control characters (U+0000–U+001F but tab, and U+007F).
    func checkTextByte(_ byte: UInt8) throws(ConfigError) {
        guard byte < 0x20 || byte == 0x7F, byte != UInt8(ascii: "\t") else { return }
        throw controlCharacter(byte)
    }

    /// The error for the byte at ``position``, which the grammar does not allow there: a
    /// control character, a lone carriage return, or a character that has no place outside
    /// strings and comments is named as such; any other gets `message`.
    func unexpected(_ message: String) -> ConfigError {
        guard let byte = peek() else { return failure(message) }
        if byte == UInt8(ascii: "\r"), peek(1) != UInt8(ascii: "\n") {
            return failure("carriage return (U+000D) without a line feed in column \(column); end lines with LF or CR LF")
        }
        if (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")) || byte == 0x7F {
            return controlCharacter(byte)
        }
        if !Self.isBareValueByte(byte) && !Self.isStructureByte(byte) {
            return failure("character \(characterName) in column \(column) is outside a string or comment; put it in quotes or remove it")
        }
        return failure(message)
    }

    private func controlCharacter(_ byte: UInt8) -> ConfigError {
        let code = "U+00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        let name = byte == 0 ? "NUL character (\(code))" : "control character \(code)"
        return failure("\(name) in column \(column); remove it, a TOML file holds text only")
    }

    /// A `syntax` error on `line` (default: the current line).
    func failure(_ message: String, line: Int? = nil) -> ConfigError {
        ConfigError(file: file, line: line ?? self.line, key: "syntax", message: message)
    }

    /// The character at ``position``: `'~'` (`"'"` for an apostrophe), `U+2028` when it is
    /// not printable ASCII, or `the end of the line` / `the end of the file`.
    var characterName: String {
        guard let byte = peek() else { return "the end of the file" }
        if isAtLineEnd { return "the end of the line" }
        if byte == UInt8(ascii: "'") { return "\"'\"" }
        if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let text = String(decoding: bytes[position..<min(position + 4, bytes.count)], as: UTF8.self)
        let value = text.unicodeScalars.first?.value ?? 0xFFFD
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// 1-based column of ``position`` in characters (Unicode scalars).
    var column: Int { column(of: position) }

    /// 1-based column of byte `index` of the current line.
    func column(of index: Int) -> Int {
        var count = 1
        for byte in bytes[lineStart..<index] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
