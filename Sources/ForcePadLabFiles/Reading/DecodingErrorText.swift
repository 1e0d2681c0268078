/// What a JSON decoding error says, in a few words that name the key: `not valid JSON`,
/// `key format is missing`, `key filter.cutoff_hz: 1e+19 Hz is out of range; allowed: 0.1 Hz…500.0 Hz`.
enum DecodingErrorText {
    /// `whole` is what to say when the text is JSON but not what was expected as a whole.
    static func summary(_ error: any Error, whole: String) -> String {
        guard let error = error as? DecodingError else { return whole }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .dataCorrupted(let context):
            return "\(keyPath(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(keyPath(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty, .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return whole
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(keyPath(context.codingPath)) has the wrong type"
        @unknown default:
            return whole
        }
    }

    private static func keyPath(_ path: [any CodingKey]) -> String {
        "key " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
