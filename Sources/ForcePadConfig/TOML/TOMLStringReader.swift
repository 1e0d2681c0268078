/// Reads TOML strings at a ``TOMLCursor``: `"basic"` with escapes, `'literal'` as written,
/// and in values their multi-line forms `"""…"""` and `'''…'''`.
///
/// Escapes are TOML 1.0's: `\b \t \n \f \r \" \\`, `\uXXXX` and `\UXXXXXXXX` (a Unicode
/// scalar value). A multi-line string drops a line ending right after its opening quotes;
/// in a basic one, a `\` at the end of a line drops the line ending and the white space that
/// follows. Line endings inside are kept as line feeds. Control characters other than tab
/// are refused everywhere.
enum TOMLStringReader {
    /// The string starting at the cursor's quote; `multiLine` allows the `"""`/`'''` forms
    /// (values, not keys).
    static func read(_ cursor: inout TOMLCursor, multiLine: Bool) throws(ConfigError) -> String {
        let quote = cursor.peek()!
        if multiLine, cursor.peek(1) == quote, cursor.peek(2) == quote {
            return try readMultiLine(&cursor, quote: quote)
        }
        let line = cursor.line
        cursor.advance()
        var text: [UInt8] = []
        while true {
            guard let byte = cursor.peek(), !cursor.isAtLineEnd else {
                let mark = Character(Unicode.Scalar(quote))
                throw cursor.failure("string is not closed on its line; end it with \(mark == "'" ? "\"'\"" : "'\"'")", line: line)
            }
            if byte == quote {
                cursor.advance()
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                try readEscape(&cursor, into: &text)
                continue
            }
            try cursor.checkTextByte(byte)
            text.append(byte)
            cursor.advance()
        }
    }

    private static func readMultiLine(_ cursor: inout TOMLCursor, quote: UInt8) throws(ConfigError) -> String {
        let openingLine = cursor.line
        cursor.advance(by: 3)
        if cursor.isAtLineEnd { cursor.advanceLine() }
        var text: [UInt8] = []
        while let byte = cursor.peek() {
            if cursor.isAtLineEnd {
                text.append(UInt8(ascii: "\n"))
                cursor.advanceLine()
                continue
            }
            if byte == quote, cursor.peek(1) == quote, cursor.peek(2) == quote {
                var run = 3
                while cursor.peek(run) == quote { run += 1 }
                guard run <= 5 else {
                    cursor.advance(by: 5)
                    throw cursor.failure("\(run) quotes in a row end a multi-line string; write at most two before the closing three")
                }
                text += repeatElement(quote, count: run - 3)
                cursor.advance(by: run)
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                if try skipLineEndingBackslash(&cursor) { continue }
                try readEscape(&cursor, into: &text)
                continue
            }
            try cursor.checkTextByte(byte)
            text.append(byte)
            cursor.advance()
        }
        let delimiter = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
        throw cursor.failure("string \(delimiter) is never closed; close it with \(delimiter)", line: openingLine)
    }

    /// A `\` followed by nothing but white space up to the end of its line: skips it, the
    /// line ending and all white space and line endings after it; returns whether it did.
    private static func skipLineEndingBackslash(_ cursor: inout TOMLCursor) throws(ConfigError) -> Bool {
        var offset = 1
        while let byte = cursor.peek(offset), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { offset += 1 }
        let lineEnd = cursor.peek(offset) == UInt8(ascii: "\n")
            || (cursor.peek(offset) == UInt8(ascii: "\r") && cursor.peek(offset + 1) == UInt8(ascii: "\n"))
        guard lineEnd else { return false }
        cursor.advance(by: offset)
        while true {
            cursor.skipSpaces()
            guard cursor.isAtLineEnd else { return true }
            cursor.advanceLine()
        }
    }

    /// The escape at the cursor's `\`, decoded into `text`.
    private static func readEscape(_ cursor: inout TOMLCursor, into text: inout [UInt8]) throws(ConfigError) {
        let start = cursor.position
        cursor.advance()
        guard let letter = cursor.peek(), !cursor.isAtLineEnd else {
            throw cursor.failure("'\\' in column \(cursor.column(of: start)) ends the line; write \\\\ for a backslash")
        }
        let decoded: UInt8? =
            switch letter {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter
            default: nil
            }
        if let decoded {
            cursor.advance()
            text.append(decoded)
            return
        }
        guard letter == UInt8(ascii: "u") || letter == UInt8(ascii: "U") else {
            try cursor.checkTextByte(letter)
            throw cursor.failure(
                "unknown escape '\\\(String(decoding: [letter], as: UTF8.self))' in column \(cursor.column(of: start)); write \\\\ for a backslash, or use \\b \\t \\n \\f \\r \\\" \\uXXXX")
        }
        cursor.advance()
        let digits = letter == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = cursor.peek(), let digit = hexValue(byte) else {
                throw cursor.failure(
                    "escape in column \(cursor.column(of: start)) needs \(digits) hexadecimal digits after \\\(Character(Unicode.Scalar(letter))); write it as \\u00E9 or \\U0001F600")
            }
            value = value &* 16 &+ digit
            cursor.advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw cursor.failure(
                "escape in column \(cursor.column(of: start)) is not a Unicode scalar value (U+\(String(value, radix: 16, uppercase: true))); give a character outside U+D800…U+DFFF, at most U+10FFFF")
        }
        text += Array(String(Character(scalar)).utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
