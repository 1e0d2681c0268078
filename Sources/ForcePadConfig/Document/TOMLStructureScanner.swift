/// Walks TOML source text for its structure only, recording the 1-based line on which each
/// table, key and array element first appears. Values are skipped, not decoded: strings
/// (basic, literal and multi-line), arrays and inline tables across lines, comments.
///
/// Meant for text that has already parsed as TOML; on malformed text it still ends, and
/// records what it could. Time is linear in the length of the text: paths are nodes of a
/// ``KeyLineTable``, so going one key or element deeper is one look-up whatever the depth.
struct TOMLStructureScanner {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// The table that `key = value` lines currently belong to.
    private var currentTable = KeyLineTable.root
    /// Elements seen so far of each array of tables (`[[name]]`), by the array's node.
    private var arrayOfTablesCounts: [KeyLineTable.Node: Int] = [:]
    private var lines = KeyLineTable()

    /// Line of every path in `text`.
    static func lines(in text: String) -> KeyLineTable {
        var scanner = TOMLStructureScanner(bytes: Array(text.utf8))
        scanner.scanDocument()
        return scanner.lines
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func scanDocument() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): advance()
            case UInt8(ascii: "#"): skipComment()
            case UInt8(ascii: "["): scanHeader()
            default: scanKeyValue()
            }
        }
    }

    // MARK: Headers and key/value pairs

    private mutating func scanHeader() {
        let headerLine = line
        advance()
        let isArrayOfTables = peek() == UInt8(ascii: "[")
        if isArrayOfTables { advance() }
        let keys = scanKey()
        guard let last = keys.last else { return skipLine() }
        let parent = resolve(keys.dropLast())
        if isArrayOfTables {
            let array = lines.child(of: parent, .key(last))
            let index = arrayOfTablesCounts[array, default: 0]
            arrayOfTablesCounts[array] = index + 1
            lines.record(array, line: headerLine)
            currentTable = lines.child(of: array, .index(index))
        } else {
            currentTable = resolve(keys[...])
        }
        lines.record(currentTable, line: headerLine)
        skipLine()
    }

    /// The path a header's keys name: each key that is an array of tables stands for its
    /// latest element, as in TOML.
    private mutating func resolve(_ keys: ArraySlice<String>) -> KeyLineTable.Node {
        var node = KeyLineTable.root
        for key in keys {
            node = lines.child(of: node, .key(key))
            if let count = arrayOfTablesCounts[node] { node = lines.child(of: node, .index(count - 1)) }
        }
        return node
    }

    private mutating func scanKeyValue() {
        let keyLine = line
        let keys = scanKey()
        skipSpaces()
        guard !keys.isEmpty, peek() == UInt8(ascii: "=") else { return skipLine() }
        advance()
        let path = lines.descendant(of: currentTable, keys.map { .key($0) })
        lines.record(path, line: keyLine)
        skipSpaces()
        scanValue(at: path)
    }

    /// A dotted key: simple keys (bare, "basic" or 'literal') joined by dots. Empty when
    /// there is no key here.
    private mutating func scanKey() -> [String] {
        var keys: [String] = []
        while true {
            skipSpaces()
            guard let byte = peek() else { return keys }
            switch byte {
            case UInt8(ascii: "\""): keys.append(scanBasicString())
            case UInt8(ascii: "'"): keys.append(scanLiteralString())
            default:
                let start = position
                while let next = peek(), Self.isBareKeyByte(next) { advance() }
                guard position > start else { return [] }
                keys.append(String(decoding: bytes[start..<position], as: UTF8.self))
            }
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else { return keys }
            advance()
        }
    }

    // MARK: Values

    private mutating func scanValue(at path: KeyLineTable.Node) {
        guard let byte = peek() else { return }
        switch byte {
        case UInt8(ascii: "\""):
            if starts(with: "\"\"\"") { skipMultiLineString(quote: UInt8(ascii: "\"")) } else { _ = scanBasicString() }
        case UInt8(ascii: "'"):
            if starts(with: "'''") { skipMultiLineString(quote: UInt8(ascii: "'")) } else { _ = scanLiteralString() }
        case UInt8(ascii: "["):
            scanArray(at: path)
        case UInt8(ascii: "{"):
            scanInlineTable(at: path)
        default:
            while let next = peek(), !Self.endsScalar(next) { advance() }
        }
    }

    private mutating func scanArray(at path: KeyLineTable.Node) {
        advance()
        var index = 0
        while true {
            skipTrivia()
            guard let byte = peek() else { return }
            if byte == UInt8(ascii: "]") { return advance() }
            let start = position
            let element = lines.child(of: path, .index(index))
            lines.record(element, line: line)
            scanValue(at: element)
            index += 1
            skipTrivia()
            if peek() == UInt8(ascii: ",") { advance() }
            if position == start { advance() }
        }
    }

    private mutating func scanInlineTable(at path: KeyLineTable.Node) {
        advance()
        while true {
            skipTrivia()
            guard let byte = peek() else { return }
            if byte == UInt8(ascii: "}") { return advance() }
            let start = position
            let keyLine = line
            let keys = scanKey()
            skipTrivia()
            if !keys.isEmpty, peek() == UInt8(ascii: "=") {
                advance()
                let member = lines.descendant(of: path, keys.map { .key($0) })
                lines.record(member, line: keyLine)
                skipTrivia()
                scanValue(at: member)
                skipTrivia()
            }
            if peek() == UInt8(ascii: ",") { advance() }
            if position == start { advance() }
        }
    }

    /// A "basic" string on one line, escapes decoded (`\"`, `\\`, `\n`, `\t`, `\uXXXX`, …).
    private mutating func scanBasicString() -> String {
        advance()
        var text: [UInt8] = []
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            advance()
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\"), let escaped = peek() {
                advance()
                text += decodeEscape(escaped)
            } else {
                text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func decodeEscape(_ escaped: UInt8) -> [UInt8] {
        switch escaped {
        case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
        case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
        case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let digits = escaped == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let byte = peek(), let digit = Self.hexValue(byte) else { break }
                value = value * 16 + digit
                advance()
            }
            return Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
        default: return [escaped]
        }
    }

    /// A 'literal' string on one line, taken as written.
    private mutating func scanLiteralString() -> String {
        advance()
        let start = position
        while let byte = peek(), byte != UInt8(ascii: "'"), byte != UInt8(ascii: "\n") { advance() }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if peek() == UInt8(ascii: "'") { advance() }
        return text
    }

    /// `"""…"""` or `'''…'''`, which may hold newlines and up to two extra quotes before the end.
    private mutating func skipMultiLineString(quote: UInt8) {
        advance(by: 3)
        while let byte = peek() {
            if byte == quote, position + 2 < bytes.count, bytes[position + 1] == quote, bytes[position + 2] == quote {
                advance(by: 3)
                var extra = 0
                while extra < 2, peek() == quote { advance(); extra += 1 }
                return
            }
            advance()
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), peek() != nil { advance() }
        }
    }

    // MARK: Cursor

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func advance(by count: Int = 1) {
        for _ in 0..<count where position < bytes.count {
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == text.utf8Start[$0] }
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    private mutating func skipComment() {
        while let byte = peek(), byte != UInt8(ascii: "\n") { advance() }
    }

    /// Spaces, newlines and comments, as allowed between array elements.
    private mutating func skipTrivia() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): advance()
            case UInt8(ascii: "#"): skipComment()
            default: return
            }
        }
    }

    private mutating func skipLine() {
        skipComment()
        advance()
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"),
            UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
