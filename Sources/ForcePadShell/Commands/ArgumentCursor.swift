import ForcePadCore

/// Walks the words after a command name, turning them into typed values with errors that
/// quote the word and say what was expected.
public struct ArgumentCursor: Sendable {
    public let words: [String]
    public private(set) var position: Int
    /// The command's usage line, appended to "missing"/"unexpected" errors.
    public let usage: String

    public init(words: [String], usage: String) {
        self.words = words
        self.usage = usage
        position = 0
    }

    public var isAtEnd: Bool { position >= words.count }

    /// The next word without consuming it.
    public var peek: String? { isAtEnd ? nil : words[position] }

    /// Consumes and returns the next word, or fails naming what was `expected`.
    public mutating func word(_ expected: String) throws(CommandFailure) -> String {
        guard let next = peek else { throw CommandFailure("missing \(expected); usage: \(usage)") }
        position += 1
        return next
    }

    /// Consumes the next word if it equals `keyword`.
    public mutating func accept(_ keyword: String) -> Bool {
        guard peek == keyword else { return false }
        position += 1
        return true
    }

    /// Consumes a word that must be one of `choices`, suggesting the nearest on a typo.
    public mutating func choice(_ what: String, from choices: [String]) throws(CommandFailure) -> String {
        let value = try word(what)
        if choices.contains(value) { return value }
        let allowed = choices.joined(separator: "|")
        if let near = EditDistance.nearest(to: value, in: choices) {
            throw CommandFailure("unknown \(what) '\(value)': did you mean '\(near)'? (\(allowed))")
        }
        throw CommandFailure("unknown \(what) '\(value)': use \(allowed)")
    }

    /// Consumes a force with units (`150g`, `0.15kg`, `1.5N`, `1500mN`).
    public mutating func force(_ what: String) throws(CommandFailure) -> Force {
        try quantity(what, units: QuantityParser.forceUnits) { QuantityParser.force($0) }
    }

    /// Consumes a duration with units (`300ms`, `2s`, `500us`), in µs.
    public mutating func durationMicros(_ what: String) throws(CommandFailure) -> Int64 {
        try quantity(what, units: QuantityParser.durationUnits) { QuantityParser.durationMicros($0) }
    }

    /// Consumes a frequency with units (`30Hz`, `1kHz`), in mHz (Q0).
    public mutating func frequencyMilliHertz(_ what: String) throws(CommandFailure) -> Int64 {
        try quantity(what, units: QuantityParser.frequencyUnits) { QuantityParser.frequencyMilliHertz($0) }
    }

    /// Consumes a test stand's travel with units (`2.5mm`, `800um`), in µm.
    public mutating func travelMicrometres(_ what: String) throws(CommandFailure) -> Int64 {
        try quantity(what, units: QuantityParser.travelUnits) { QuantityParser.travelMicrometres($0) }
    }

    /// Consumes a test stand's speed with units (`60mm/min`, `1mm/s`), in µm/min.
    public mutating func speedMicrometresPerMinute(_ what: String) throws(CommandFailure) -> Int64 {
        try quantity(what, units: QuantityParser.speedUnits) { QuantityParser.speedMicrometresPerMinute($0) }
    }

    /// Consumes a plain decimal number (`0.2`) in thousandths (Q0), rounded to nearest.
    public mutating func thousandths(_ what: String) throws(CommandFailure) -> Int64 {
        let text = try word(what)
        guard let value = FixedDecimal.parse(Substring(text)), abs(value) < 1e12 else {
            throw CommandFailure("\(what): '\(text)' is not a number (e.g. 0.2)")
        }
        return Int64((value * 1000).rounded())
    }

    /// Consumes a quantity that `parse` reads, failing with its message after `what`. A
    /// number the next word's unit would complete (`150 g`) is refused with the two written
    /// together (`150g`), and the unit is left unread.
    private mutating func quantity<Value>(
        _ what: String, units: [String], _ parse: (String) -> Result<Value, QuantityError>
    ) throws(CommandFailure) -> Value {
        let text = try word(what)
        switch parse(text) {
        case .success(let value):
            return value
        case .failure(let error):
            if let unit = peek, units.contains(unit), case .success = parse(text + unit) {
                throw CommandFailure("\(what): '\(text) \(unit)' has a space in it: write the number and unit together: \(text)\(unit)")
            }
            throw CommandFailure("\(what): \(error.message)")
        }
    }

    /// Fails if words are left over.
    public func end() throws(CommandFailure) {
        if let extra = peek { throw CommandFailure("unexpected '\(extra)'; usage: \(usage)") }
    }
}
