/// Refuses, in one linear pass, the text that the TOML parser (toml++ behind TOMLKit) must
/// never see: it would abort on an assertion, recurse until the stack overflows, spend time
/// that grows with the square of the input, or read a C string and stop at a NUL as if the
/// file ended there.
///
/// What it refuses, each as a `syntax` error at the line of the offending character (text
/// over ``maxBytes`` is a `file` error without a line):
/// - a NUL or another control character (U+0000–U+001F except tab, line feed and carriage
///   return, and U+007F), anywhere, comments and strings included;
/// - outside strings and comments, any character that cannot be part of a key or a number,
///   date or boolean (toml++ takes U+2028 for a line break where it expects a value, and
///   skips what it does not know when it guesses a value's type);
/// - right after a value: a quote, `[`, `{` or `=` (toml++ takes them for part of the value),
///   or a space and a lone digit (toml++ reads on for the time of a date-time and asserts
///   that it follows); a date-time whose `T` is not followed by a digit (toml++ asserts one);
/// - a key (table header, dotted key, inline-table key) of more than ``maxKeyParts`` parts;
/// - more than ``maxTableHeaders`` table headers (toml++ looks up arrays of tables in a list,
///   in time that grows with the square of their number);
/// - arrays and inline tables nested more than ``maxNesting`` deep;
/// - a table header that does not start with a key or is not closed on its line, a `]` or
///   `}` that closes nothing or the other kind of bracket, a bracket or a multi-line string
///   never closed.
///
/// It reads structure only: strings and comments are skipped, everything else is left to the
/// parser, which reports it with its own message.
struct TOMLInputGuard {
    /// Larger text is refused; the same limit as ``TextFileReader/maxBytes``.
    static let maxBytes = TextFileReader.maxBytes
    /// Most parts in one key; ForcePad's own keys have at most 4.
    static let maxKeyParts = 32
    /// Deepest nesting of arrays and inline tables; ForcePad's own values nest at most 3 deep.
    static let maxNesting = 32
    /// Most `[table]` and `[[array of tables]]` headers in one file; ForcePad's own files
    /// have at most about 100 (a calibration of 64 cells, 32 dynamic shortcuts).
    static let maxTableHeaders = 1_024

    /// Where a byte sits: what the pass expects there.
    private enum Mode {
        /// Start of a line outside any array or inline table.
        case lineStart
        /// A key before its `=`, at the start of a line or inside an inline table.
        case key
        /// A value, or what follows a table header on its line.
        case value
    }

    /// An array or inline table not yet closed.
    private struct Opening {
        let bracket: UInt8
        let line: Int
    }

    private let bytes: [UInt8]
    private let file: String
    private var position = 0
    private var line = 1
    /// Index of the first byte of the current line.
    private var lineStart = 0
    private var mode = Mode.lineStart
    private var openings: [Opening] = []
    private var tableHeaders = 0
    /// Parts of the key being read, and the line it started on.
    private var keyParts = 0
    private var keyLine = 1

    /// Throws the first problem in `text`, named `file`; returns when the parser may read it.
    static func check(_ text: String, file: String) throws(ConfigError) {
        let count = text.utf8.count
        guard count <= maxBytes else {
            throw ConfigError(
                file: file, line: nil, key: "file",
                message: "cannot read: larger than \(maxBytes / 1024) KiB (\(count) bytes); give a board, config or state file")
        }
        var pass = TOMLInputGuard(bytes: Array(text.utf8), file: file)
        try pass.run()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func run() throws(ConfigError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while position < bytes.count {
            let byte = bytes[position]
            try checkCharacter(byte)
            switch byte {
            case UInt8(ascii: "\n"):
                try endKey()
                position += 1
                line += 1
                lineStart = position
                if openings.isEmpty { mode = .lineStart }
            case UInt8(ascii: " "):
                if mode == .value { try checkSpaceAfterValue() }
                position += 1
            case UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "#"):
                try skipComment()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if mode == .lineStart { startKey() }
                try checkNothingRightAfterValue()
                try skipString(quote: byte)
            case UInt8(ascii: "["):
                if mode == .lineStart {
                    try scanHeader()
                } else {
                    try checkNothingRightAfterValue()
                    try open(byte)
                }
            case UInt8(ascii: "{"):
                try checkNothingRightAfterValue()
                try open(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                try close(byte)
            case UInt8(ascii: "="):
                if mode == .value {
                    throw failure(at: line, "'=' in column \(column()) after a value; write one key = value pair per line")
                }
                try endKey()
                position += 1
            case UInt8(ascii: "."):
                if mode == .key { keyParts += 1 }
                position += 1
            case UInt8(ascii: ","):
                if openings.last?.bracket == UInt8(ascii: "{") { try startInlineKey() }
                position += 1
            default:
                try checkValueCharacter()
                if mode == .value { try checkDateTimeSeparator() }
                if mode == .lineStart { startKey() }
                position += 1
            }
        }
        try endKey()
        if let unclosed = openings.last {
            let closer = unclosed.bracket == UInt8(ascii: "[") ? "]" : "}"
            throw failure(at: unclosed.line, "'\(Character(Unicode.Scalar(unclosed.bracket)))' is never closed; close it with '\(closer)'")
        }
    }

    // MARK: Keys and headers

    private mutating func startKey() {
        mode = .key
        keyParts = 1
        keyLine = line
    }

    /// After `{` or `,` inside an inline table a key follows.
    private mutating func startInlineKey() throws(ConfigError) {
        try endKey()
        startKey()
    }

    /// Checks the parts of the key that has just ended and moves on to its value.
    private mutating func endKey() throws(ConfigError) {
        guard mode == .key else { return }
        mode = .value
        try checkKeyParts()
    }

    private func checkKeyParts() throws(ConfigError) {
        guard keyParts <= Self.maxKeyParts else {
            throw failure(at: keyLine, "key of \(keyParts) parts, more than \(Self.maxKeyParts); use a shorter key")
        }
    }

    /// `[key]` or `[[key]]`, which must close on its own line.
    private mutating func scanHeader() throws(ConfigError) {
        let headerLine = line
        tableHeaders += 1
        guard tableHeaders <= Self.maxTableHeaders else {
            throw failure(at: headerLine, "more than \(Self.maxTableHeaders) table headers; merge tables or remove the ones not needed")
        }
        position += 1
        let isArrayOfTables = position < bytes.count && bytes[position] == UInt8(ascii: "[")
        if isArrayOfTables { position += 1 }
        keyParts = 1
        keyLine = headerLine
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        if position < bytes.count, !Self.mayStartHeaderKey(bytes[position]) {
            try checkCharacter(bytes[position])
            throw failure(
                at: headerLine,
                "table header must start with a key (letters, digits, '_', '-' or a quoted name), found \(scalarName()); write the table's name after '['")
        }
        while position < bytes.count {
            let byte = bytes[position]
            try checkCharacter(byte)
            switch byte {
            case UInt8(ascii: "\n"):
                position = bytes.count
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try skipString(quote: byte)
            case UInt8(ascii: "."):
                keyParts += 1
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                if isArrayOfTables, position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1 }
                try checkKeyParts()
                mode = .value
                return
            default:
                try checkValueCharacter()
                position += 1
            }
        }
        throw failure(at: headerLine, "table header '[' is not closed on its line; end it with ']'")
    }

    // MARK: Brackets

    private mutating func open(_ bracket: UInt8) throws(ConfigError) {
        try endKey()
        guard openings.count < Self.maxNesting else {
            throw failure(
                at: line, "arrays and inline tables nested \(openings.count + 1) deep, more than \(Self.maxNesting); flatten the value")
        }
        openings.append(Opening(bracket: bracket, line: line))
        mode = .value
        position += 1
        if bracket == UInt8(ascii: "{") { startKey() }
    }

    private mutating func close(_ bracket: UInt8) throws(ConfigError) {
        try endKey()
        let name = Character(Unicode.Scalar(bracket))
        guard let opening = openings.popLast() else {
            throw failure(at: line, "'\(name)' closes nothing; remove it or add its opening bracket")
        }
        let expected: UInt8 = opening.bracket == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        guard bracket == expected else {
            let opener = Character(Unicode.Scalar(opening.bracket))
            let closer = Character(Unicode.Scalar(expected))
            throw failure(at: line, "'\(name)' does not close the '\(opener)' opened on line \(opening.line); close it with '\(closer)'")
        }
        mode = .value
        position += 1
    }

    // MARK: Strings and comments

    /// A string starting at `position`: `"…"` with escapes, `'…'`, or in a value `"""…"""`
    /// and `'''…'''` across lines. A one-line string also ends at the end of its line.
    private mutating func skipString(quote: UInt8) throws(ConfigError) {
        if mode == .value, position + 2 < bytes.count, bytes[position + 1] == quote, bytes[position + 2] == quote {
            return try skipMultiLineString(quote: quote)
        }
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            try checkCharacter(byte)
            if byte == UInt8(ascii: "\n") { return }
            position += 1
            if byte == quote { return }
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
                try checkCharacter(bytes[position])
                position += 1
            }
        }
    }

    private mutating func skipMultiLineString(quote: UInt8) throws(ConfigError) {
        let openingLine = line
        position += 3
        while position < bytes.count {
            let byte = bytes[position]
            try checkCharacter(byte)
            if byte == quote, position + 2 < bytes.count, bytes[position + 1] == quote, bytes[position + 2] == quote {
                position += 3
                var extra = 0
                while extra < 2, position < bytes.count, bytes[position] == quote {
                    position += 1
                    extra += 1
                }
                return
            }
            position += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position
            } else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
                try checkCharacter(bytes[position])
                position += 1
            }
        }
        let delimiter = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
        throw failure(at: openingLine, "string \(delimiter) is never closed; close it with \(delimiter)")
    }

    private mutating func skipComment() throws(ConfigError) {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            try checkCharacter(bytes[position])
            position += 1
        }
    }

    // MARK: Characters

    /// Refuses NUL and the other control characters TOML does not allow.
    private func checkCharacter(_ byte: UInt8) throws(ConfigError) {
        guard byte < 0x20 || byte == 0x7F else { return }
        switch byte {
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return
        default:
            let code = "U+00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            let name = byte == 0 ? "NUL character (\(code))" : "control character \(code)"
            throw failure(at: line, "\(name) in column \(column()); remove it, a TOML file holds text only")
        }
    }

    /// Refuses a character at `position`, outside strings and comments, that cannot be part
    /// of a key or a value.
    private func checkValueCharacter() throws(ConfigError) {
        guard !Self.isValueCharacter(bytes[position]) else { return }
        throw failure(
            at: line,
            "character \(scalarName()) in column \(column()) is outside a string or comment; put it in quotes or remove it")
    }

    /// Refuses a quote or an opening bracket right after a value (`1979-02-1[`): toml++ reads
    /// it as part of the value, where the pass would see a string or an array begin.
    private func checkNothingRightAfterValue() throws(ConfigError) {
        guard mode == .value, position > 0, Self.isValueCharacter(bytes[position - 1]) else { return }
        throw failure(at: line, "\(scalarName()) in column \(column()) right after a value; put a comma or space before it")
    }

    /// Refuses a `T` after a digit (a date) that is not followed by a digit (the hour).
    private func checkDateTimeSeparator() throws(ConfigError) {
        guard bytes[position] | 0x20 == UInt8(ascii: "t"), position > 0, Self.isDigit(bytes[position - 1]) else { return }
        guard position + 1 < bytes.count, Self.isDigit(bytes[position + 1]) else {
            throw failure(at: line, "date-time 'T' in column \(column()) is not followed by the hour; write it as 1979-05-27T07:32:00Z")
        }
    }

    /// Refuses a space between a value and a lone digit (`1979-05-27 0`): toml++ takes the
    /// digit for the start of a time and asserts that more of the time follows.
    private func checkSpaceAfterValue() throws(ConfigError) {
        guard position > 0, Self.isValueCharacter(bytes[position - 1]),
            position + 1 < bytes.count, Self.isDigit(bytes[position + 1]),
            position + 2 == bytes.count || !Self.isDigit(bytes[position + 2])
        else { return }
        throw failure(
            at: line,
            "lone digit in column \(column() + 1) after a value; write a date-time's time in full (1979-05-27 07:32:00) or separate values with a comma")
    }

    /// Characters of bare keys, numbers, dates, times and booleans: ASCII letters and digits,
    /// `+`, `-`, `.`, `_` and `:`.
    private static func isValueCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Whether a table header's key may start with `byte`: a bare key character, a quote, or
    /// what the parser reports itself (`]`, the end of the line).
    private static func mayStartHeaderKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            true
        default: false
        }
    }

    /// The character at `position`: `'~'` (`"'"` for an apostrophe), or `U+2028` when it is
    /// not printable ASCII.
    private func scalarName() -> String {
        let byte = bytes[position]
        if byte == UInt8(ascii: "'") { return "\"'\"" }
        if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let text = String(decoding: bytes[position..<min(position + 4, bytes.count)], as: UTF8.self)
        let value = text.unicodeScalars.first?.value ?? 0xFFFD
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// 1-based column of `position` in characters (Unicode scalars).
    private func column() -> Int {
        var count = 1
        for index in lineStart..<position where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private func failure(at line: Int, _ message: String) -> ConfigError {
        ConfigError(file: file, line: line, key: "syntax", message: message)
    }
}
