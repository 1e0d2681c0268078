/// What each path of a TOML file has been defined as so far, and TOML 1.0's rules against
/// defining anything twice, checked as ``TOMLReader`` meets each header and key:
/// - a key is given a value once;
/// - a `[table]` is defined once; a table that a longer header only implied (`[a]` after
///   `[a.b]`) may still be defined;
/// - dotted keys may add to tables that dotted keys created or headers only implied, never
///   to a `[table]`, an array of tables or an inline table; a `[table]` header may define a
///   table below one created by dotted keys, not that table itself;
/// - `[[array]]` adds an element only to an array of tables, and a header below it goes
///   into its latest element;
/// - an inline table `{ … }` is complete: nothing is added to it later.
///
/// Paths are the nodes of the file's ``KeyLineTable``.
struct TOMLDefinitions {
    /// What a path is.
    enum Kind {
        /// A table a longer header implied: `a` of `[a.b]`.
        case impliedTable
        /// A table defined by its header, `[a]`.
        case headerTable
        /// A table created by a dotted key: `a` of `a.b = 1`.
        case dottedTable
        case inlineTable
        /// `[[a]]`, with the number of elements so far.
        case arrayOfTables(count: Int)
        /// Any other value (a string, number, date, or an array written `[…]`).
        case value

        /// As messages name it: "defined on line 3 as a value".
        var phrase: String {
            switch self {
            case .impliedTable, .headerTable, .dottedTable: "a table"
            case .inlineTable: "an inline table"
            case .arrayOfTables: "an array of tables"
            case .value: "a value"
            }
        }
    }

    private struct Definition {
        var kind: Kind
        /// 1-based line where the path was first defined.
        let line: Int
    }

    /// The file's name in errors.
    private let file: String
    /// By node of the file's ``KeyLineTable``; nil while a path is undefined.
    private var definitions: [Definition?] = []

    init(file: String) { self.file = file }

    /// `keys` up to `index`, as errors name a path: `haptics.patterns`, `"lab site"`.
    private static func name(_ keys: [String], upTo index: Int) -> String {
        QuotedValue.abbreviated(ConfigKeyPath(components: keys[...index].map { .key($0) }).description)
    }

    private subscript(node: KeyLineTable.Node) -> Definition? {
        get { node < definitions.count ? definitions[node] : nil }
        set {
            if node >= definitions.count { definitions += repeatElement(nil, count: node - definitions.count + 1) }
            definitions[node] = newValue
        }
    }

    private func failure(_ message: String, line: Int) -> ConfigError {
        ConfigError(file: file, line: line, key: "syntax", message: message)
    }

    // MARK: Headers

    /// Passes `keys[index]` (`node`), a part of a header before its last, on `line`: returns
    /// the element to step into when it is an array of tables.
    mutating func headerStep(_ node: KeyLineTable.Node, keys: [String], index: Int, line: Int) throws(ConfigError) -> Int? {
        guard let definition = self[node] else {
            self[node] = Definition(kind: .impliedTable, line: line)
            return nil
        }
        switch definition.kind {
        case .impliedTable, .headerTable, .dottedTable: return nil
        case .arrayOfTables(let count): return count - 1
        case .inlineTable, .value:
            let name = Self.name(keys, upTo: index)
            throw failure(
                "table header goes into \(name), defined on line \(definition.line) as \(definition.kind.phrase); a [table] cannot add to it, rename one of them",
                line: line)
        }
    }

    /// Defines `[keys]` (`node`) on `line`.
    mutating func defineTable(_ node: KeyLineTable.Node, keys: [String], line: Int) throws(ConfigError) {
        guard let definition = self[node] else {
            self[node] = Definition(kind: .headerTable, line: line)
            return
        }
        let name = Self.name(keys, upTo: keys.count - 1)
        switch definition.kind {
        case .impliedTable:
            self[node] = Definition(kind: .headerTable, line: line)
        case .headerTable:
            throw failure("table [\(name)] is defined twice (first on line \(definition.line)); merge the two into one", line: line)
        case .dottedTable:
            throw failure(
                "table [\(name)] is already defined by dotted keys on line \(definition.line); write all its keys in one place", line: line)
        case .arrayOfTables:
            throw failure("[\(name)] is an array of tables (line \(definition.line)); write [[\(name)]] to add an element", line: line)
        case .inlineTable, .value:
            throw failure(
                "[\(name)] is already defined on line \(definition.line) as \(definition.kind.phrase); rename one of them", line: line)
        }
    }

    /// Adds an element to `[[keys]]` (`node`) on `line`; returns its index.
    mutating func appendTable(_ node: KeyLineTable.Node, keys: [String], line: Int) throws(ConfigError) -> Int {
        guard let definition = self[node] else {
            self[node] = Definition(kind: .arrayOfTables(count: 1), line: line)
            return 0
        }
        guard case .arrayOfTables(let count) = definition.kind else {
            let name = Self.name(keys, upTo: keys.count - 1)
            throw failure(
                "[[\(name)]] is already defined on line \(definition.line) as \(definition.kind.phrase); an array of tables is written with [[…]] only",
                line: line)
        }
        self[node] = Definition(kind: .arrayOfTables(count: count + 1), line: definition.line)
        return count
    }

    // MARK: Keys

    /// Passes `keys[index]` (`node`), a part of a dotted key before its last, on `line`.
    mutating func dottedStep(_ node: KeyLineTable.Node, keys: [String], index: Int, line: Int) throws(ConfigError) {
        guard let definition = self[node] else {
            self[node] = Definition(kind: .dottedTable, line: line)
            return
        }
        switch definition.kind {
        case .dottedTable: return
        case .impliedTable:
            self[node] = Definition(kind: .dottedTable, line: definition.line)
        case .headerTable, .arrayOfTables, .inlineTable, .value:
            let name = Self.name(keys, upTo: index)
            throw failure(
                "dotted key goes into \(name), defined on line \(definition.line) as \(definition.kind.phrase); write the key where \(name) is written",
                line: line)
        }
    }

    /// Gives `keys` (`node`) its value on `line`: an inline table or another value.
    mutating func defineValue(_ node: KeyLineTable.Node, keys: [String], isInlineTable: Bool, line: Int) throws(ConfigError) {
        if let definition = self[node] {
            let name = Self.name(keys, upTo: keys.count - 1)
            throw failure(
                "\(name) is defined twice (first on line \(definition.line), as \(definition.kind.phrase)); remove one of them", line: line)
        }
        self[node] = Definition(kind: isInlineTable ? .inlineTable : .value, line: line)
    }
}
