/// Reads the TOML values written without quotes or brackets at a ``TOMLCursor``: booleans,
/// integers (decimal, `0x` hexadecimal, `0o` octal, `0b` binary, `_` between digits),
/// floats (fraction and exponent, `inf`, `nan`, signed or not) and dates and times.
///
/// The value ends at the first byte that cannot be part of one; a quote or an opening
/// bracket right against it, or an `=` after it, is refused with its column.
enum TOMLScalarReader {
    /// The value starting at the cursor (a ``TOMLCursor/isBareValueByte(_:)``).
    static func read(_ cursor: inout TOMLCursor) throws(ConfigError) -> TOMLValue {
        var token = try readToken(&cursor)
        if isDateBeforeTime(token, cursor: cursor) {
            cursor.advance()
            let digitColumn = cursor.column
            guard let next = cursor.peek(1), TOMLCursor.isDigit(next) else {
                throw cursor.failure(
                    "lone digit in column \(digitColumn) after a value; write a date-time's time in full (1979-05-27 07:32:00) or separate values with a comma")
            }
            token += [UInt8(ascii: " ")] + (try readToken(&cursor))
        }
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if TOMLDateTimeSyntax.looksLikeDateOrTime(token) {
            guard let kind = TOMLDateTimeSyntax.kind(of: token) else {
                throw cursor.failure(
                    "\(QuotedValue.quoted(text)) is not a valid date or time; write 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z")
            }
            return .dateTime(TOMLDateTime(kind: kind, text: text))
        }
        if let number = try integer(token, text: text, cursor: cursor) { return .integer(number) }
        if let number = float(token) { return .float(number) }
        throw cursor.failure(
            "\(QuotedValue.quoted(text)) is not a value; write text in quotes, a number, true or false")
    }

    /// The bare bytes at the cursor, checked: a `T` after a date's digits must be followed
    /// by the hour, and what follows the value must not be stuck to it.
    private static func readToken(_ cursor: inout TOMLCursor) throws(ConfigError) -> [UInt8] {
        let start = cursor.position
        while let byte = cursor.peek(), TOMLCursor.isBareValueByte(byte) {
            if byte | 0x20 == UInt8(ascii: "t"), cursor.position > start, TOMLCursor.isDigit(cursor.bytes[cursor.position - 1]),
                !(cursor.peek(1).map(TOMLCursor.isDigit) ?? false)
            {
                throw cursor.failure("date-time 'T' in column \(cursor.column) is not followed by the hour; write it as 1979-05-27T07:32:00Z")
            }
            cursor.advance()
        }
        let token = Array(cursor.bytes[start..<cursor.position])
        guard let next = cursor.peek() else { return token }
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "{"):
            throw cursor.failure("\(cursor.characterName) in column \(cursor.column) right after a value; put a comma or space before it")
        case UInt8(ascii: "="):
            throw cursor.failure("'=' in column \(cursor.column) after a value; write one key = value pair per line")
        default:
            guard TOMLCursor.isStructureByte(next) else { throw cursor.unexpected("") }
            return token
        }
    }

    /// Whether `token` is a date followed by a space and a digit, the start of its time
    /// (`1979-05-27 07:32:00`).
    private static func isDateBeforeTime(_ token: [UInt8], cursor: TOMLCursor) -> Bool {
        guard TOMLDateTimeSyntax.isDate(token[...]), cursor.peek() == UInt8(ascii: " "), let digit = cursor.peek(1) else { return false }
        return TOMLCursor.isDigit(digit)
    }

    // MARK: Numbers

    /// The integer `token` writes; nil when it is not written as one.
    private static func integer(_ token: [UInt8], text: String, cursor: TOMLCursor) throws(ConfigError) -> Int64? {
        var digits = token[...]
        var radix: Int64 = 10
        var negative = false
        if token.count > 2, token[0] == UInt8(ascii: "0"), let prefix = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][token[1]] {
            radix = Int64(prefix)
            digits = token[2...]
        } else if let sign = token.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            digits = token[1...]
        }
        guard hasDigitsAndUnderscores(digits, radix: radix) else { return nil }
        if radix == 10, digits.count > 1, digits.first == UInt8(ascii: "0") {
            throw cursor.failure("\(QuotedValue.quoted(text)) starts with a zero; write integers without leading zeros")
        }
        var value: Int64 = 0
        for byte in digits where byte != UInt8(ascii: "_") {
            let digit = Int64(digitValue(byte)!)
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else {
                throw cursor.failure(
                    "integer \(QuotedValue.quoted(text)) is out of range; TOML integers are \(Int64.min)…\(Int64.max)")
            }
            value = next
        }
        return value
    }

    /// The float `token` writes; nil when it is not written as one.
    private static func float(_ token: [UInt8]) -> Double? {
        var rest = token[...]
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let exponentIndex = rest.firstIndex { $0 | 0x20 == UInt8(ascii: "e") }
        let mantissa = rest[..<(exponentIndex ?? rest.endIndex)]
        let pointIndex = mantissa.firstIndex(of: UInt8(ascii: "."))
        let whole = mantissa[..<(pointIndex ?? mantissa.endIndex)]
        guard hasDigitsAndUnderscores(whole, radix: 10), whole.count == 1 || whole.first != UInt8(ascii: "0") else { return nil }
        if let pointIndex {
            guard hasDigitsAndUnderscores(mantissa[(pointIndex + 1)...], radix: 10) else { return nil }
        }
        if let exponentIndex {
            var exponent = rest[(exponentIndex + 1)...]
            if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { exponent = exponent.dropFirst() }
            guard hasDigitsAndUnderscores(exponent, radix: 10) else { return nil }
        }
        guard pointIndex != nil || exponentIndex != nil else { return nil }
        return Double(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
    }

    /// Whether `digits` are digits of `radix`, each `_` between two digits.
    private static func hasDigitsAndUnderscores(_ digits: ArraySlice<UInt8>, radix: Int64) -> Bool {
        guard let first = digits.first, let last = digits.last,
            first != UInt8(ascii: "_"), last != UInt8(ascii: "_")
        else { return false }
        var previousUnderscore = false
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                guard !previousUnderscore else { return false }
                previousUnderscore = true
            } else {
                guard let digit = digitValue(byte), digit < radix else { return false }
                previousUnderscore = false
            }
        }
        return true
    }

    private static func digitValue(_ byte: UInt8) -> Int64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
