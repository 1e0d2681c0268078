/// Reads TOML 1.0 text in one pass into a ``TOMLTable`` of plain Swift values, recording the
/// line of every table, key and array element (a ``KeyLineTable``) on the way, so that later
/// errors can say `file:line: key`.
///
/// Every problem is a `syntax` ``ConfigError`` at its line, one line saying what is wrong and
/// how to fix it; reading stops at the first. Besides TOML's grammar and its rules against
/// defining a key or table twice (``TOMLDefinitions``), the reader refuses what no ForcePad
/// file needs and hostile text would use to take time or stack: text over ``maxBytes``, a key
/// of more than ``maxKeyParts`` parts, more than ``maxTableHeaders`` headers, arrays and
/// inline tables nested more than ``maxNesting`` deep. Strings are read by
/// ``TOMLStringReader``, numbers, booleans, dates and times by ``TOMLScalarReader``. Time is
/// linear in the length of the text.
struct TOMLReader {
    /// Larger text is refused; the same limit as ``TextFileReader/maxBytes``.
    static let maxBytes = TextFileReader.maxBytes
    /// Most parts in one key; ForcePad's own keys have at most 4.
    static let maxKeyParts = 32
    /// Deepest nesting of arrays and inline tables; ForcePad's own values nest at most 3 deep.
    static let maxNesting = 32
    /// Most `[table]` and `[[array of tables]]` headers in one file; ForcePad's own files
    /// have at most about 100 (a calibration of 64 cells, 32 dynamic shortcuts).
    static let maxTableHeaders = 1_024

    private var cursor: TOMLCursor
    /// Whether values are kept (and the limits on keys and headers apply); without, only
    /// lines are recorded.
    private let keepsValues: Bool
    private var root = TOMLTable()
    private var lines = KeyLineTable()
    private var definitions: TOMLDefinitions
    /// The table that `key = value` lines go into: its node and its path from the root.
    private var tableNode = KeyLineTable.root
    private var tablePath: [ConfigKeyPath.Component] = []
    /// Arrays and inline tables open around the cursor.
    private var nesting = 0
    private var tableHeaders = 0

    /// The values and the line of every path in `text`, named `file` in errors.
    static func read(_ text: String, file: String) throws(ConfigError) -> (root: TOMLTable, lines: KeyLineTable) {
        let count = text.utf8.count
        guard count <= maxBytes else {
            throw ConfigError(
                file: file, line: nil, key: "file",
                message: "cannot read: larger than \(maxBytes / 1024) KiB (\(count) bytes); give a board, config or state file")
        }
        var reader = TOMLReader(text: text, file: file, keepsValues: true)
        try reader.readDocument()
        return (reader.root, reader.lines)
    }

    /// The line of every path in `text` up to its first problem, if it has one. Keys and
    /// headers are not limited, as no values are kept.
    static func lines(in text: String) -> KeyLineTable {
        var reader = TOMLReader(text: text, file: "", keepsValues: false)
        try? reader.readDocument()
        return reader.lines
    }

    private init(text: String, file: String, keepsValues: Bool) {
        cursor = TOMLCursor(text: text, file: file)
        definitions = TOMLDefinitions(file: file)
        self.keepsValues = keepsValues
    }

    // MARK: Lines

    private mutating func readDocument() throws(ConfigError) {
        while true {
            try cursor.skipBlankLines()
            guard let byte = cursor.peek() else { return }
            if byte == UInt8(ascii: "[") {
                try readHeader()
                try endLine(after: "the table header")
            } else {
                try readKeyValue()
                try endLine(after: "the value")
            }
        }
    }

    /// After a header or a `key = value`: spaces, a comment, then the end of the line.
    private mutating func endLine(after what: String) throws(ConfigError) {
        cursor.skipSpaces()
        try cursor.skipComment()
        if cursor.isAtEnd { return }
        guard cursor.isAtLineEnd else {
            let byte = cursor.peek()!
            if byte == UInt8(ascii: "="), what == "the value" {
                throw cursor.failure("'=' in column \(cursor.column) after a value; write one key = value pair per line")
            }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { throw closesNothing() }
            throw cursor.unexpected("expected the end of the line after \(what), found \(cursor.characterName); put each key = value pair on a line of its own")
        }
        cursor.advanceLine()
    }

    private func closesNothing() -> ConfigError {
        cursor.failure("\(cursor.characterName) closes nothing; remove it or add its opening bracket")
    }

    /// `[key]` or `[[key]]`, on one line.
    private mutating func readHeader() throws(ConfigError) {
        let line = cursor.line
        tableHeaders += 1
        if keepsValues, tableHeaders > Self.maxTableHeaders {
            throw cursor.failure("more than \(Self.maxTableHeaders) table headers; merge tables or remove the ones not needed")
        }
        cursor.advance()
        let isArrayOfTables = cursor.peek() == UInt8(ascii: "[")
        if isArrayOfTables { cursor.advance() }
        cursor.skipSpaces()
        guard let first = cursor.peek(), !cursor.isAtLineEnd else { throw headerNotClosed() }
        guard Self.mayStartKey(first) else {
            try cursor.checkTextByte(first)
            throw cursor.failure(
                "table header must start with a key (letters, digits, '_', '-' or a quoted name), found \(cursor.characterName); write the table's name after '['")
        }
        let keys = try readKey(line: line)
        cursor.skipSpaces()
        guard let closer = cursor.peek(), !cursor.isAtLineEnd else { throw headerNotClosed() }
        guard closer == UInt8(ascii: "]") else {
            throw cursor.unexpected("expected ']' or '.' in the table header, found \(cursor.characterName); write [name] or [name.part]")
        }
        cursor.advance()
        if isArrayOfTables {
            guard cursor.peek() == UInt8(ascii: "]") else {
                throw cursor.failure("array of tables header '[[' must end with ']]'; write [[name]]")
            }
            cursor.advance()
        }
        try enterTable(keys: keys, isArrayOfTables: isArrayOfTables, line: line)
    }

    private func headerNotClosed() -> ConfigError {
        cursor.failure("table header '[' is not closed on its line; end it with ']'")
    }

    /// Makes the table that `keys` name the one `key = value` lines go into.
    private mutating func enterTable(keys: [String], isArrayOfTables: Bool, line: Int) throws(ConfigError) {
        var node = KeyLineTable.root
        var path: [ConfigKeyPath.Component] = []
        for index in keys.indices.dropLast() {
            node = lines.child(of: node, .key(keys[index]))
            path.append(.key(keys[index]))
            if let element = try definitions.headerStep(node, keys: keys, index: index, line: line) {
                node = lines.child(of: node, .index(element))
                path.append(.index(element))
            }
        }
        node = lines.child(of: node, .key(keys[keys.count - 1]))
        path.append(.key(keys[keys.count - 1]))
        if isArrayOfTables {
            let element = try definitions.appendTable(node, keys: keys, line: line)
            lines.record(node, line: line)
            if keepsValues {
                root.update(at: path[...], missing: .array([])) { array in
                    guard case .array(var elements) = array else { return }
                    array = .boolean(false)
                    elements.append(.table(TOMLTable()))
                    array = .array(elements)
                }
            }
            node = lines.child(of: node, .index(element))
            path.append(.index(element))
        } else {
            try definitions.defineTable(node, keys: keys, line: line)
            if keepsValues { root.update(at: path[...], missing: .table(TOMLTable())) { _ in } }
        }
        lines.record(node, line: line)
        tableNode = node
        tablePath = path
    }

    /// `key = value` in the current table.
    private mutating func readKeyValue() throws(ConfigError) {
        let line = cursor.line
        guard let first = cursor.peek(), Self.mayStartKey(first) else {
            if cursor.peek() == UInt8(ascii: "]") || cursor.peek() == UInt8(ascii: "}") { throw closesNothing() }
            throw cursor.unexpected(
                "expected a key, a [table] header or a comment, found \(cursor.characterName); write key = value")
        }
        let keys = try readKey(line: line)
        try readEquals(after: keys)
        let node = try defineKey(keys, below: tableNode, line: line)
        let value = try readValue(at: node)
        if keepsValues { root.update(at: (tablePath + keys.map { .key($0) })[...], missing: value) { _ in } }
    }

    /// The `=` after `keys`, and the spaces around it.
    private mutating func readEquals(after keys: [String]) throws(ConfigError) {
        cursor.skipSpaces()
        guard cursor.peek() == UInt8(ascii: "=") else {
            let name = QuotedValue.abbreviated(ConfigKeyPath(components: keys.map { .key($0) }).description)
            if cursor.isAtEnd || cursor.isAtLineEnd { throw cursor.failure("key \(name) has no value; write \(name) = value") }
            throw cursor.unexpected("expected '=' after the key \(name), found \(cursor.characterName); write \(name) = value")
        }
        cursor.advance()
        cursor.skipSpaces()
    }

    /// Defines the (dotted) key `keys` below `parent`, whose value starts at the cursor, and
    /// records its line; returns its node.
    private mutating func defineKey(_ keys: [String], below parent: KeyLineTable.Node, line: Int) throws(ConfigError) -> KeyLineTable.Node {
        var node = parent
        for index in keys.indices.dropLast() {
            node = lines.child(of: node, .key(keys[index]))
            try definitions.dottedStep(node, keys: keys, index: index, line: line)
        }
        node = lines.child(of: node, .key(keys[keys.count - 1]))
        try definitions.defineValue(node, keys: keys, isInlineTable: cursor.peek() == UInt8(ascii: "{"), line: line)
        lines.record(node, line: line)
        return node
    }

    // MARK: Keys

    /// Whether a key may start with `byte`: a bare key character or a quote.
    private static func mayStartKey(_ byte: UInt8) -> Bool {
        TOMLCursor.isBareKeyByte(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// A key that starts at the cursor (``mayStartKey(_:)``), begun on `line`: simple keys
    /// (bare, "basic" or 'literal') joined by dots, spaces allowed around the dots.
    private mutating func readKey(line: Int) throws(ConfigError) -> [String] {
        var keys: [String] = []
        var parts = 0
        while true {
            cursor.skipSpaces()
            guard let byte = cursor.peek(), Self.mayStartKey(byte) else {
                throw cursor.unexpected("expected a key after '.', found \(cursor.characterName); write name.part")
            }
            let key: String
            if TOMLCursor.isBareKeyByte(byte) {
                let start = cursor.position
                while let next = cursor.peek(), TOMLCursor.isBareKeyByte(next) { cursor.advance() }
                key = String(decoding: cursor.bytes[start..<cursor.position], as: UTF8.self)
            } else {
                key = try TOMLStringReader.read(&cursor, multiLine: false)
            }
            parts += 1
            if !keepsValues || parts <= Self.maxKeyParts { keys.append(key) }
            cursor.skipSpaces()
            guard cursor.peek() == UInt8(ascii: ".") else { break }
            cursor.advance()
        }
        if keepsValues, parts > Self.maxKeyParts {
            throw cursor.failure("key of \(parts) parts, more than \(Self.maxKeyParts); use a shorter key", line: line)
        }
        return keys
    }

    // MARK: Values

    /// The value at the cursor, whose path is `node`.
    private mutating func readValue(at node: KeyLineTable.Node) throws(ConfigError) -> TOMLValue {
        guard let byte = cursor.peek(), !cursor.isAtLineEnd else {
            throw cursor.failure("missing value after '='; give a value such as 1, \"text\" or true")
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try TOMLStringReader.read(&cursor, multiLine: true))
        case UInt8(ascii: "["): return try readArray(at: node)
        case UInt8(ascii: "{"): return try readInlineTable(at: node)
        case _ where TOMLCursor.isBareValueByte(byte): return try TOMLScalarReader.read(&cursor)
        case UInt8(ascii: "]"), UInt8(ascii: "}"): throw closesNothing()
        default:
            throw cursor.unexpected(
                "expected a value, found \(cursor.characterName); write a number, text in quotes, true, false, [an array] or { a table }")
        }
    }

    /// Opens an array or inline table at the cursor; returns the line it opens on.
    private mutating func open() throws(ConfigError) -> Int {
        guard nesting < Self.maxNesting else {
            throw cursor.failure("arrays and inline tables nested \(nesting + 1) deep, more than \(Self.maxNesting); flatten the value")
        }
        nesting += 1
        cursor.advance()
        return cursor.line
    }

    /// The error for a closing bracket at the cursor that does not match `opener` of `line`.
    private func mismatch(_ opener: Character, line: Int) -> ConfigError {
        let closer = opener == "[" ? "]" : "}"
        return cursor.failure("\(cursor.characterName) does not close the '\(opener)' opened on line \(line); close it with '\(closer)'")
    }

    /// `[value, value, …]`, across lines, with comments between values and a comma after
    /// the last allowed.
    private mutating func readArray(at node: KeyLineTable.Node) throws(ConfigError) -> TOMLValue {
        let line = try open()
        func neverClosed() -> ConfigError { cursor.failure("'[' is never closed; close it with ']'", line: line) }
        var elements: [TOMLValue] = []
        while true {
            try cursor.skipBlankLines()
            guard let byte = cursor.peek() else { throw neverClosed() }
            if byte == UInt8(ascii: "]") { break }
            if byte == UInt8(ascii: "}") { throw mismatch("[", line: line) }
            if byte == UInt8(ascii: ",") { throw cursor.failure("',' in column \(cursor.column) where a value belongs; remove it") }
            let element = lines.child(of: node, .index(elements.count))
            lines.record(element, line: cursor.line)
            elements.append(try readValue(at: element))
            try cursor.skipBlankLines()
            guard let next = cursor.peek() else { throw neverClosed() }
            switch next {
            case UInt8(ascii: ","): cursor.advance()
            case UInt8(ascii: "]"): break
            case UInt8(ascii: "}"): throw mismatch("[", line: line)
            case UInt8(ascii: "="): throw cursor.failure("'=' in column \(cursor.column) after a value; write one key = value pair per line")
            default: throw cursor.unexpected("expected ',' or ']' after an array element, found \(cursor.characterName)")
            }
        }
        cursor.advance()
        nesting -= 1
        return .array(keepsValues ? elements : [])
    }

    /// `{ key = value, … }`, on one line, without a comma after the last pair.
    private mutating func readInlineTable(at node: KeyLineTable.Node) throws(ConfigError) -> TOMLValue {
        let line = try open()
        var table = TOMLTable(isInline: true)
        cursor.skipSpaces()
        if cursor.peek() == UInt8(ascii: "}") {
            cursor.advance()
            nesting -= 1
            return .table(table)
        }
        while true {
            cursor.skipSpaces()
            try checkInlineTableOpen(line: line)
            guard let byte = cursor.peek(), Self.mayStartKey(byte) else {
                if cursor.peek() == UInt8(ascii: "]") { throw mismatch("{", line: line) }
                throw cursor.unexpected("expected a key in the inline table, found \(cursor.characterName); write { key = value, … } with no ',' before '}'")
            }
            let keyLine = cursor.line
            let keys = try readKey(line: keyLine)
            try readEquals(after: keys)
            let member = try defineKey(keys, below: node, line: keyLine)
            let value = try readValue(at: member)
            if keepsValues { table.update(at: keys.map { ConfigKeyPath.Component.key($0) }[...], missing: value) { _ in } }
            cursor.skipSpaces()
            try checkInlineTableOpen(line: line)
            switch cursor.peek()! {
            case UInt8(ascii: ","): cursor.advance()
            case UInt8(ascii: "}"):
                cursor.advance()
                nesting -= 1
                return .table(table)
            case UInt8(ascii: "]"): throw mismatch("{", line: line)
            case UInt8(ascii: "="): throw cursor.failure("'=' in column \(cursor.column) after a value; write one key = value pair per line")
            default: throw cursor.unexpected("expected ',' or '}' after a value in the inline table, found \(cursor.characterName)")
            }
        }
    }

    /// Refuses the end of the file or of the line inside the inline table opened on `line`.
    private func checkInlineTableOpen(line: Int) throws(ConfigError) {
        if cursor.isAtEnd { throw cursor.failure("'{' is never closed; close it with '}'", line: line) }
        if cursor.isAtLineEnd {
            throw cursor.failure("'{' is not closed on its line; write an inline table on one line, or use a [table]", line: line)
        }
    }
}
