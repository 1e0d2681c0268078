import ForcePadCore

/// Reads typed values from one TOML table and remembers every key it was asked about, so
/// that ``finish()`` can report any other key as unknown, with the nearest known key
/// suggested and the keys allowed there listed in the order they were asked for.
///
/// Every failure is a ``ConfigError`` naming the file, the line and the full key path.
final class TableReader {
    /// Where this table sits in the document.
    let path: ConfigKeyPath
    let document: ConfigDocument
    private let table: TOMLTable
    /// Keys asked about, in order, whether or not the table has them.
    private var knownKeys: [String] = []
    /// The same keys, to ask whether one is known in constant time: a table whose keys the
    /// user names (patterns, user info) may have thousands.
    private var knownKeySet: Set<String> = []

    init(table: TOMLTable, path: ConfigKeyPath, document: ConfigDocument) {
        self.table = table
        self.path = path
        self.document = document
    }

    // MARK: Errors

    /// An error about `key` of this table, placed on the line of `linePath` when given
    /// (an array element, say) and else on the key's own line.
    func error(_ key: String, _ message: String, lineOf linePath: ConfigKeyPath? = nil) -> ConfigError {
        document.error(message, at: path.key(key), lineOf: linePath)
    }

    /// Fails on the first key (by line) that was never asked for.
    func finish() throws(ConfigError) {
        let unknown = table.keys.filter { !knownKeySet.contains($0) }
        let lineOrder = unknown.map { (key: $0, line: document.line(of: path.key($0)) ?? .max) }
        guard let first = lineOrder.min(by: { ($0.line, $0.key) < ($1.line, $1.key) }) else { return }
        let allowed = "(allowed here: \(knownKeys.joined(separator: ", ")))"
        if let suggestion = EditDistance.nearest(to: first.key, in: knownKeys) {
            throw error(first.key, "unknown key; did you mean '\(suggestion)'? \(allowed)")
        }
        throw error(first.key, "unknown key \(allowed)")
    }

    // MARK: Presence

    /// Whether the table has `key` (which becomes a known key).
    func has(_ key: String) -> Bool { value(key) != nil }

    /// Every key and value, for tables whose keys are names the user chooses (patterns,
    /// user info), in file order.
    func entries() -> [(key: String, value: TOMLValue)] {
        let all = table.keys.compactMap { key in value(key).map { (key: key, value: $0) } }
        return all.sorted {
            (document.line(of: path.key($0.key)) ?? .max, $0.key) < (document.line(of: path.key($1.key)) ?? .max, $1.key)
        }
    }

    private func value(_ key: String) -> TOMLValue? {
        if knownKeySet.insert(key).inserted { knownKeys.append(key) }
        return table[key]
    }

    /// The value of `key` if present, failing when `select` does not find what is expected in it.
    private func value<Value>(_ key: String, expected: String, _ select: (TOMLValue) -> Value?) throws(ConfigError) -> Value? {
        guard let found = value(key) else { return nil }
        guard let selected = select(found) else { throw error(key, Self.mismatch(expected: expected, found: found)) }
        return selected
    }

    /// `expected …, found a boolean`.
    static func mismatch(expected: String, found: TOMLValue) -> String {
        "expected \(expected), found \(found.kindPhrase)"
    }

    // MARK: Scalars

    func string(_ key: String, expected: String) throws(ConfigError) -> String? {
        try value(key, expected: expected, \.string)
    }

    /// A string that must be present and not empty.
    func requiredString(_ key: String, expected: String) throws(ConfigError) -> String {
        guard let text = try string(key, expected: expected) else { throw error(key, "missing; give \(expected)") }
        guard !text.isEmpty else { throw error(key, "must not be empty; give \(expected)") }
        return text
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        try value(key, expected: "true or false", \.boolean)
    }

    /// An integer, within `range` when one is given; `unit` (e.g. `" Hz"`) follows numbers in messages.
    func integer(
        _ key: String, expected: String, range: ClosedRange<Int>? = nil, unit: String = ""
    ) throws(ConfigError) -> Int? {
        guard let number = try value(key, expected: expected, \.integer) else { return nil }
        if let range, !range.contains(number) {
            throw error(key, "\(number)\(unit) is out of range; allowed: \(range.lowerBound)…\(range.upperBound)\(unit)")
        }
        return number
    }

    /// An integer or floating-point number.
    func number(_ key: String, expected: String) throws(ConfigError) -> Double? {
        guard let found = value(key) else { return nil }
        guard let number = Self.number(found) else { throw error(key, Self.mismatch(expected: expected, found: found)) }
        return number
    }

    /// The value as a `Double` when it is an integer or floating-point number.
    private static func number(_ value: TOMLValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .float(let number): number
        default: nil
        }
    }

    /// One of the raw values of `Choice`, e.g. a ``FilterKind``.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, noun: String) throws(ConfigError) -> Choice?
    where Choice.RawValue == String {
        guard let name = try oneOf(key, Choice.allCases.map(\.rawValue), noun: noun) else { return nil }
        return Choice(rawValue: name)
    }

    /// A string that must be one of `names`; `noun` names what it is (`haptic mode`).
    func oneOf(_ key: String, _ names: [String], noun: String) throws(ConfigError) -> String? {
        let allowed = names.joined(separator: ", ")
        let article = noun.first.map { "AEIOUaeiou".contains($0) } == true ? "an" : "a"
        guard let name = try string(key, expected: "\(article) \(noun) (one of \(allowed))") else { return nil }
        guard names.contains(name) else {
            if let suggestion = EditDistance.nearest(to: name, in: names) {
                throw error(key, "\(QuotedValue.quoted(name)) is not \(article) \(noun); did you mean '\(suggestion)'? (allowed: \(allowed))")
            }
            throw error(key, "\(QuotedValue.quoted(name)) is not \(article) \(noun); use one of \(allowed)")
        }
        return name
    }

    // MARK: Quantities

    /// A force: a string with a unit (`"150g"`, `"0.15kg"`, `"1.5N"`, `"1500mN"`) or a number of grams.
    func force(_ key: String) throws(ConfigError) -> Force? {
        guard let found = value(key) else { return nil }
        switch Self.force(from: found) {
        case .success(let force): return force
        case .failure(let problem): throw error(key, problem.message)
        }
    }

    /// A force within `range`.
    func force(_ key: String, range: ClosedRange<Force>) throws(ConfigError) -> Force? {
        guard let force = try force(key) else { return nil }
        guard range.contains(force) else {
            throw error(key, "\(force) is out of range; allowed: \(range.lowerBound)…\(range.upperBound)")
        }
        return force
    }

    /// Reads a force from any value: a string with a unit or a number of grams.
    static func force(from value: TOMLValue) -> Result<Force, QuantityError> {
        if let grams = number(value) {
            guard abs(grams) <= 1_000_000 else {
                return .failure(QuantityError("\(grams) grams is out of range: at most 1000kg"))
            }
            return .success(Force.fromGrams(grams))
        }
        guard let text = value.string else {
            return .failure(QuantityError(mismatch(expected: "a force such as \"150g\" or a number of grams", found: value)))
        }
        return QuantityParser.force(text)
    }

    /// A voltage in millivolts: a string with a unit (`"2.0V"`, `"1800mV"`).
    func voltageMillivolts(_ key: String) throws(ConfigError) -> Int? {
        guard let text = try string(key, expected: "a voltage such as \"2.0V\"") else { return nil }
        switch QuantityParser.voltageMillivolts(text) {
        case .success(let millivolts): return millivolts
        case .failure(let problem): throw error(key, problem.message)
        }
    }

    /// A duration in µs whose range ``SettingsRules`` checks: a string with a unit or a
    /// number of milliseconds.
    func durationMicros(_ key: String) throws(ConfigError) -> Int64? {
        try durationMicros(key, range: Int64.min...Int64.max)
    }

    /// A frequency in milli-hertz (Q0) whose range ``SettingsRules`` checks: a string with a
    /// unit or a number of hertz.
    func frequencyMilliHertz(_ key: String) throws(ConfigError) -> Int64? {
        try frequencyMilliHertz(key, range: Int64.min...Int64.max)
    }

    /// A duration in µs within `range`: a string with a unit (`"15ms"`, `"2s"`, `"500us"`)
    /// or a number of milliseconds.
    func durationMicros(_ key: String, range: ClosedRange<Int64>) throws(ConfigError) -> Int64? {
        try scaledQuantity(
            key, range: range, expected: "a duration such as \"20ms\" or a number of milliseconds",
            smallUnitsPerNumber: 1_000, parse: { QuantityParser.durationMicros($0) }, format: QuantityText.duration)
    }

    /// A frequency in milli-hertz (Q0, 1 LSB = 0.001 Hz) within `range`: a string with a
    /// unit (`"30Hz"`, `"1kHz"`) or a number of hertz.
    func frequencyMilliHertz(_ key: String, range: ClosedRange<Int64>) throws(ConfigError) -> Int64? {
        try scaledQuantity(
            key, range: range, expected: "a frequency such as \"30Hz\" or a number of hertz",
            smallUnitsPerNumber: 1_000, parse: { QuantityParser.frequencyMilliHertz($0) }, format: QuantityText.frequency)
    }

    /// A quantity kept as a whole number of small units (µs, mHz) within `range`: a string
    /// read by `parse`, or a bare number worth `smallUnitsPerNumber` small units each.
    private func scaledQuantity(
        _ key: String, range: ClosedRange<Int64>, expected: String, smallUnitsPerNumber: Double,
        parse: (String) -> Result<Int64, QuantityError>, format: (Int64) -> String
    ) throws(ConfigError) -> Int64? {
        guard let found = value(key) else { return nil }
        let allowed = "allowed: \(format(range.lowerBound))…\(format(range.upperBound))"
        let amount: Int64
        if let number = Self.number(found) {
            let scaled = (number * smallUnitsPerNumber).rounded()
            guard scaled.isFinite, abs(scaled) <= 1e15 else { throw error(key, "\(number) is out of range; \(allowed)") }
            amount = Int64(scaled)
        } else if let text = found.string {
            switch parse(text) {
            case .success(let value): amount = value
            case .failure(let problem): throw error(key, problem.message)
            }
        } else {
            throw error(key, Self.mismatch(expected: expected, found: found))
        }
        guard range.contains(amount) else { throw error(key, "\(format(amount)) is out of range; \(allowed)") }
        return amount
    }

    // MARK: Tables and arrays

    /// The sub-table `key`, if present.
    func table(_ key: String) throws(ConfigError) -> TableReader? {
        let expected = "a table ([\(path.key(key))] or { key = value, … })"
        guard let found = try value(key, expected: expected, \.table) else { return nil }
        return TableReader(table: found, path: path.key(key), document: document)
    }

    /// The array of tables `key` (`[[key]]` sections or an array of inline tables), if present.
    func tables(_ key: String) throws(ConfigError) -> [TableReader]? {
        let expected = "one or more [[\(path.key(key))]] tables"
        guard let array = try value(key, expected: expected, \.array) else { return nil }
        var readers: [TableReader] = []
        for index in 0..<array.count {
            guard let element = array[index].table else {
                throw document.error(
                    Self.mismatch(expected: "a table for every entry of \(path.key(key))", found: array[index]),
                    at: path.key(key).index(index))
            }
            readers.append(TableReader(table: element, path: path.key(key).index(index), document: document))
        }
        return readers
    }

    func array(_ key: String, expected: String) throws(ConfigError) -> [TOMLValue]? {
        try value(key, expected: expected, \.array)
    }
}
