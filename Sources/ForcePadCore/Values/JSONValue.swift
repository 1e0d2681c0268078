/// A JSON value whose objects keep their keys in the order given, so lines read the same
/// every time (`{"ok":true,"cmd":"status",…}`). Renders compact, one line.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A decimal with a fixed number of places: `.decimal(150123, places: 3)` is `150.123`.
    case decimal(Int64, places: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Grams with milligram precision.
    public static func grams(_ force: Force) -> JSONValue { .decimal(Int64(force.milligrams), places: 3) }

    /// A fraction 0…1 from a Q16 value, with 4 decimals.
    public static func fractionQ16(_ value: Int32) -> JSONValue {
        .decimal((Int64(value) * 10_000 + (1 << 15)) >> 16, places: 4)
    }

    public func rendered() -> String {
        var text = ""
        render(into: &text)
        return text
    }

    private func render(into text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .decimal(let value, let places): text += FixedDecimal.format(value, scale: places)
        case .string(let value): Self.renderString(value, into: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.render(into: &text)
            }
            text += "]"
        case .object(let pairs):
            text += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { text += "," }
                Self.renderString(pair.0, into: &text)
                text += ":"
                pair.1.render(into: &text)
            }
            text += "}"
        }
    }

    private static func renderString(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
}
