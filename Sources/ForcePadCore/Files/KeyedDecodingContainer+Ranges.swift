/// Numbers read from a file ForcePad did not necessarily write (a recording, a report) are
/// checked against their range as they are decoded, so a value out of range is refused with
/// the key that holds it and never reaches arithmetic that could trap. A refusal is a
/// `DecodingError.dataCorrupted` whose coding path names the key and whose description says
/// the value and the range (`1e+19 Hz is out of range; allowed: 0.1…500 Hz`).
extension KeyedDecodingContainer {
    /// The integer at `key`, refused outside `range`; `unit` follows each number (` µs`).
    public func decode<Value: FixedWidthInteger & Decodable>(
        _ type: Value.Type, forKey key: Key, in range: ClosedRange<Value>, unit: String = ""
    ) throws -> Value {
        try checked(decode(type, forKey: key), key: key, in: range, unit: unit)
    }

    /// The integer at `key` if there is one (null counts as none), refused outside `range`.
    public func decodeIfPresent<Value: FixedWidthInteger & Decodable>(
        _ type: Value.Type, forKey key: Key, in range: ClosedRange<Value>, unit: String = ""
    ) throws -> Value? {
        try decodeIfPresent(type, forKey: key).map { value in try checked(value, key: key, in: range, unit: unit) }
    }

    /// The number at `key`, refused outside `range`.
    public func decode(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>, unit: String = "") throws -> Double {
        try checked(decode(type, forKey: key), key: key, in: range, unit: unit)
    }

    /// The number at `key` if there is one (null counts as none), refused outside `range`.
    public func decodeIfPresent(_ type: Double.Type, forKey key: Key, in range: ClosedRange<Double>, unit: String = "") throws -> Double? {
        try decodeIfPresent(type, forKey: key).map { value in try checked(value, key: key, in: range, unit: unit) }
    }

    /// A refusal of the value at `key`: `message` says what is wrong and what is allowed.
    public func refusal(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: message)
    }

    private func checked<Value: Comparable>(_ value: Value, key: Key, in range: ClosedRange<Value>, unit: String) throws -> Value {
        guard range.contains(value) else {
            throw refusal(key, "\(value)\(unit) is out of range; allowed: \(range.lowerBound)\(unit)…\(range.upperBound)\(unit)")
        }
        return value
    }
}
