/// Exact decimal text for integers that carry an implied power-of-ten scale
/// (milligrams as grams, milli-hertz as hertz, microseconds as milliseconds).
public enum FixedDecimal {
    /// Formats `value / 10^scale` with at most `scale` decimals and no trailing zeros.
    /// `format(57735, scale: 3)` is `"57.735"`; `format(150000, scale: 3)` is `"150"`.
    public static func format(_ value: Int64, scale: Int) -> String {
        var divisor: Int64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let negative = value < 0
        let magnitude = value.magnitude
        let whole = magnitude / UInt64(divisor)
        var fraction = magnitude % UInt64(divisor)
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = scale
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }

    /// Parses a plain decimal number (`"150"`, `"-0.25"`, `"1e3"` is refused) into a `Double`.
    /// Returns nil for anything that is not digits with at most one point and an optional sign.
    public static func parse(_ text: Substring) -> Double? {
        var sawDigit = false
        var sawPoint = false
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9": sawDigit = true
            case ".": if sawPoint { return nil }; sawPoint = true
            case "-", "+": if index != 0 { return nil }
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return Double(String(text))
    }
}
