import ForcePadCore

/// Text from data (titles, names, file contents) made safe to show on a terminal: every
/// control character but the tab — C0, DEL and C1, the escape that starts a terminal
/// sequence among them — is written as a JSON-style `\uXXXX` escape, so it is seen rather
/// than obeyed. Inside a JSON string the result is still valid JSON and means the same.
enum TerminalSafeText {
    /// `text` with its control characters escaped (unchanged when it has none).
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a control character a terminal could act on (the tab aside).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControlCharacter && scalar != "\t"
    }
}
