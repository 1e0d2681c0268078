/// TOML 1.0's dates and times (RFC 3339): `1979-05-27`, `07:32:00` (a fraction of a second
/// may follow), and the two joined by `T`, `t` or a space, with an offset (`Z`, `z`,
/// `+05:30`, `-07:00`) or without one. Months, days (leap years included), hours, minutes,
/// seconds (60 for a leap second) and offsets are checked against their ranges.
enum TOMLDateTimeSyntax {
    /// Whether `token` starts as a date (`1979-`) or a time (`07:`) does, so that it is read
    /// as one or refused as a malformed one.
    static func looksLikeDateOrTime(_ token: [UInt8]) -> Bool {
        let digits = token.prefix { TOMLCursor.isDigit($0) }.count
        guard digits < token.count else { return false }
        return (digits == 4 && token[4] == UInt8(ascii: "-")) || (digits == 2 && token[2] == UInt8(ascii: ":"))
    }

    /// What `token` writes; nil when it is not a valid date, time or date-time.
    static func kind(of token: [UInt8]) -> TOMLDateTime.Kind? {
        if token.count > 2, token[2] == UInt8(ascii: ":") { return isTime(token[...]) ? .localTime : nil }
        guard token.count >= 10, isDate(token[..<10]) else { return nil }
        if token.count == 10 { return .localDate }
        guard token.count > 11, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(token[10]) else { return nil }
        let rest = token[11...]
        if let last = rest.last, last | 0x20 == UInt8(ascii: "z") {
            return isTime(rest.dropLast()) ? .offsetDateTime : nil
        }
        if rest.count > 6, rest[rest.endIndex - 6] == UInt8(ascii: "+") || rest[rest.endIndex - 6] == UInt8(ascii: "-") {
            let offset = rest.suffix(5)
            guard let hours = number(offset.prefix(2)), offset.dropFirst(2).first == UInt8(ascii: ":"),
                let minutes = number(offset.suffix(2)), hours <= 23, minutes <= 59
            else { return nil }
            return isTime(rest.dropLast(6)) ? .offsetDateTime : nil
        }
        return isTime(rest) ? .localDateTime : nil
    }

    /// `YYYY-MM-DD`, a day that exists.
    static func isDate(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.count == 10 else { return false }
        let start = text.startIndex
        guard text[start + 4] == UInt8(ascii: "-"), text[start + 7] == UInt8(ascii: "-"),
            let year = number(text[start..<start + 4]), let month = number(text[start + 5..<start + 7]),
            let day = number(text[start + 8..<start + 10]), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// `HH:MM:SS`, then optionally `.` and digits.
    private static func isTime(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.count >= 8 else { return false }
        let start = text.startIndex
        guard text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":"),
            let hour = number(text[start..<start + 2]), let minute = number(text[start + 3..<start + 5]),
            let second = number(text[start + 6..<start + 8]), hour <= 23, minute <= 59, second <= 60
        else { return false }
        let fraction = text[(start + 8)...]
        guard let point = fraction.first else { return true }
        return point == UInt8(ascii: ".") && fraction.count > 1 && fraction.dropFirst().allSatisfy(TOMLCursor.isDigit)
    }

    /// The decimal number that `digits` (nothing but digits, at least one) write.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(TOMLCursor.isDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
