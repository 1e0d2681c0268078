/// Writes TOML source: strings and keys quoted and escaped so that they read back exactly.
public enum TOMLText {
    /// `text` as a TOML basic string (`"…"`): quotes, backslashes and control characters
    /// escaped.
    public static func string(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\u{08}": quoted += "\\b"
            case "\t": quoted += "\\t"
            case "\n": quoted += "\\n"
            case "\u{0C}": quoted += "\\f"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `name` as a TOML key: bare when it may be (A–Z, a–z, 0–9, `_`, `-`), else quoted.
    public static func key(_ name: String) -> String {
        let isBare = !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
        return isBare ? name : string(name)
    }
}
