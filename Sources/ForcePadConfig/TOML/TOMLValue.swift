/// A value read from a TOML file by ``TOMLReader``: plain Swift values, nothing held outside
/// the Swift heap, so a parsed file is freed with its last reference.
enum TOMLValue: Sendable, Equatable {
    case string(String)
    /// TOML integers are 64-bit signed.
    case integer(Int64)
    /// IEEE 754 binary64, `inf` and `nan` included.
    case float(Double)
    case boolean(Bool)
    case dateTime(TOMLDateTime)
    case array([TOMLValue])
    case table(TOMLTable)

    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The integer as `Int`, which is 64 bits on every platform ForcePad builds for.
    var integer: Int? {
        if case .integer(let number) = self { Int(exactly: number) } else { nil }
    }

    var float: Double? {
        if case .float(let number) = self { number } else { nil }
    }

    var boolean: Bool? {
        if case .boolean(let value) = self { value } else { nil }
    }

    var array: [TOMLValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    var table: TOMLTable? {
        if case .table(let table) = self { table } else { nil }
    }

    /// What the value is, as messages name it after "found": `an integer`, `a table`.
    var kindPhrase: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a floating-point number"
        case .boolean: "a boolean"
        case .dateTime(let value): value.kind.phrase
        case .array: "an array"
        case .table: "a table"
        }
    }

    /// Runs `change` on the value at `path` below this one, first creating what is missing:
    /// tables on the way, and the value itself as `missing`. An index step goes into an array
    /// (of tables: the reader only steps into its elements); a step that does not fit the
    /// value is ignored, as ``TOMLDefinitions`` has refused such paths before.
    mutating func update(
        at path: ArraySlice<ConfigKeyPath.Component>, missing: @autoclosure () -> TOMLValue, _ change: (inout TOMLValue) -> Void
    ) {
        guard let step = path.first else { return change(&self) }
        switch (step, self) {
        case (.key, .table(var table)):
            self = .boolean(false)
            table.update(at: path, missing: missing(), change)
            self = .table(table)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            self = .boolean(false)
            elements[index].update(at: path.dropFirst(), missing: missing(), change)
            self = .array(elements)
        default:
            return
        }
    }
}
