/// A TOML table: keys in the order they were first written, each with its value.
///
/// `isInline` tells a table written `{ key = value, … }` from one written with a header or
/// dotted keys: layered files (``ConfigDocument``) merge the second kind key by key and
/// replace the first kind whole.
struct TOMLTable: Sendable, Equatable {
    /// Keys in the order they were first written.
    private(set) var keys: [String] = []
    private var values: [String: TOMLValue] = [:]
    /// Whether the table was written as an inline table, `{ … }`.
    var isInline = false

    init(isInline: Bool = false) { self.isInline = isInline }

    var isEmpty: Bool { keys.isEmpty }

    /// The value of `key`; setting nil removes the key.
    subscript(key: String) -> TOMLValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    func contains(_ key: String) -> Bool { values[key] != nil }

    /// Runs `change` on the value at `path` (its first step a key of this table), creating
    /// what is missing on the way: tables, and the value itself as `missing`.
    mutating func update(
        at path: ArraySlice<ConfigKeyPath.Component>, missing: @autoclosure () -> TOMLValue, _ change: (inout TOMLValue) -> Void
    ) {
        guard case .key(let key) = path.first else { return }
        let rest = path.dropFirst()
        if values[key] == nil {
            keys.append(key)
            values[key] = rest.isEmpty ? missing() : .table(TOMLTable())
        }
        values[key, default: .boolean(false)].update(at: rest, missing: missing(), change)
    }
}
