/// A value read from a file, quoted for a one-line error: whole when short, else its start,
/// an ellipsis and its length, so a 900 KiB value never makes a 900 KiB message.
public enum QuotedValue {
    /// Characters of a value shown before it is cut.
    public static let shownCharacters = 60

    /// `'value'`, or `'start…' (N characters)`.
    public static func quoted(_ value: String) -> String {
        guard let start = start(of: value) else { return "'\(value)'" }
        return "'\(start)…' (\(value.count) characters)"
    }

    /// `value`, or `start… (N characters)`, for a key or name shown without quotes.
    public static func abbreviated(_ value: String) -> String {
        guard let start = start(of: value) else { return value }
        return "\(start)… (\(value.count) characters)"
    }

    /// The first ``shownCharacters`` of `value`, nil when it is no longer than that.
    private static func start(of value: String) -> Substring? {
        let end = value.index(value.startIndex, offsetBy: shownCharacters, limitedBy: value.endIndex) ?? value.endIndex
        return end == value.endIndex ? nil : value[..<end]
    }
}
