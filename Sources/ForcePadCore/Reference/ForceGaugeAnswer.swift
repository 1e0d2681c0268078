/// One answer line of a serial force gauge read as a force: an optional sign, a decimal
/// value, optional spaces and the unit, e.g. `12.34 lbF` (Mark-10), `-4.285 N`, `+012.34N`
/// (Imada). Pure: no I/O.
///
/// Units, as the gauges send them (letters in any case): `N`, `kN`, `mN`, `kgF`/`kgf`,
/// `gF`/`gf`, `lbF`/`lbf`, `ozF`/`ozf`. Newtons become grams under ``Force/standardGravity``;
/// 1 lbf = 453.59237 gf and 1 ozf = 28.349523125 gf (the international avoirdupois pound and
/// ounce). A positive value is compression (a press on the pad) on both makes' defaults.
///
/// Refused, each with a one-line ``ForceGaugeAnswerError`` quoting the line: an empty line, a
/// gauge error code (Mark-10's `*10` illegal command and the like), an overload (a flag letter
/// `O` or `E` after the unit, or a line reading `OVER`/`OL`), a value without a unit or with
/// one not listed, anything else that is not a number with its unit, and a force beyond
/// ±``largestGrams``.
public enum ForceGaugeAnswer {
    /// The largest force an answer may give (g): far beyond any bench gauge, and within what
    /// ``Force`` holds.
    public static let largestGrams = 1_000_000.0
    /// The most characters of an answer an error quotes.
    static let quotedCharacters = 40

    /// The force in `line` (without its line ending, or with it: CR and LF are ignored).
    public static func force(in line: String) throws(ForceGaugeAnswerError) -> Force {
        let trimmed = line.trimmingSpacesAndLineEnds()
        guard !trimmed.isEmpty else { throw .empty }
        let quoted = quote(trimmed)
        if trimmed.hasPrefix("*") { throw .gaugeError(quoted) }
        let upper = trimmed.uppercased()
        if upper == "OVER" || upper == "OL" || upper.hasPrefix("OVERLOAD") { throw .overload(quoted) }
        var rest = Substring(trimmed)
        var sign = 1.0
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard number.contains(where: \.isNumber), number.filter({ $0 == "." }).count <= 1,
            let magnitude = Double(number.hasPrefix(".") ? "0" + number : String(number))
        else { throw .unreadable(quoted) }
        let unitText = rest.dropFirst(number.count).drop { $0 == " " }
        guard !unitText.isEmpty else { throw .missingUnit(quoted) }
        guard let unit = ForceGaugeUnit(unitText) else {
            let withoutFlag = unitText.dropLast()
            let unitBeforeFlag = withoutFlag.prefix(withoutFlag.count - withoutFlag.reversed().prefix { $0 == " " }.count)
            if let flag = unitText.last, "OoEe".contains(flag), ForceGaugeUnit(unitBeforeFlag) != nil {
                throw .overload(quoted)
            }
            throw .unknownUnit(String(unitText.prefix(quotedCharacters)), quoted)
        }
        let grams = sign * magnitude * unit.grams
        guard abs(grams) <= largestGrams else { throw .outOfRange(quoted) }
        return .fromGrams(grams)
    }

    /// `text` in double quotes with control characters escaped, cut to ``quotedCharacters``.
    public static func quote(_ text: String) -> String {
        let cut = text.count > quotedCharacters ? String(text.prefix(quotedCharacters)) + "…" : text
        var quoted = "\""
        for scalar in cut.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.isControlCharacter:
                quoted += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs, CR, LF and NUL.
    func trimmingSpacesAndLineEnds() -> String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r\n" || $0 == "\r" || $0 == "\n" || $0 == "\0" }
        guard let start = firstIndex(where: { !isPadding($0) }), let end = lastIndex(where: { !isPadding($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
