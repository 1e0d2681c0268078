/// Changes single values in the text of a config file and keeps everything else as it was:
/// comments, blank lines, the order of tables and keys, the spelling of untouched values.
///
/// A value written on its own line is replaced in place (the comment after it stays); a key
/// the file does not write goes after the last key of its table, or into a new table at the
/// end. Only values on one line are edited; a key written inside an inline table or with a
/// value across lines is refused with its line.
///
/// Lines end with a line feed or with CR LF, and each keeps its own: a line added gets the
/// ending most lines have (a CR LF file stays CR LF). Lines are split on the scalar U+000A,
/// never on Swift's `Character`, for which "\r\n" is one character. A byte order mark
/// (U+FEFF) before the first line stays there and is not part of that line.
public struct ConfigTextEditor {
    /// The file's name in messages.
    public let file: String
    /// The lines, without their endings.
    private(set) var lines: [String]
    /// Each line's ending: "\n", "\r\n", or nil for a last line that has none.
    private var endings: [String?]
    /// Whether the text starts with a byte order mark.
    private let byteOrderMark: Bool
    /// "\r\n" when most lines end so, else "\n": the ending of a line added.
    private let newline: String

    public init(text: String, file: String) {
        self.file = file
        var scalars = Substring(text).unicodeScalars
        byteOrderMark = scalars.first == "\u{FEFF}"
        if byteOrderMark { scalars.removeFirst() }
        var lines: [String] = []
        var endings: [String?] = []
        let parts = scalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            var line = String(String.UnicodeScalarView(part))
            // What follows the last line feed is a last line without an ending, or nothing.
            if index == parts.count - 1 {
                if !line.isEmpty {
                    lines.append(line)
                    endings.append(nil)
                }
                break
            }
            if line.unicodeScalars.last == "\r" {
                line.unicodeScalars.removeLast()
                endings.append("\r\n")
            } else {
                endings.append("\n")
            }
            lines.append(line)
        }
        newline = endings.filter { $0 == "\r\n" }.count * 2 > lines.count ? "\r\n" : "\n"
        self.lines = lines
        self.endings = endings
    }

    /// The edited text: every line with its own ending (a line that was last without one and
    /// has lines after it now takes the file's).
    public var text: String {
        var text = byteOrderMark ? "\u{FEFF}" : ""
        for (index, line) in lines.enumerated() {
            text += line
            text += endings[index] ?? (index == lines.count - 1 ? "" : newline)
        }
        return text
    }

    /// The edited text with line feeds, for locating keys.
    private var lineFeedText: String { lines.joined(separator: "\n") + "\n" }

    /// Writes `key = value` (`key` dotted, every part a bare key).
    public mutating func set(_ key: String, to value: String) throws(ConfigError) {
        let path = ConfigKeyPath(dotted: key)
        let locator = KeyLineLocator(text: lineFeedText)
        if let line = locator.writtenLine(of: path) {
            let (prefix, _, rest) = try split(line: line, key: key)
            lines[line - 1] = prefix + value + rest
            return
        }
        let name = String(key.split(separator: ".").last!)
        let table = ConfigKeyPath(components: Array(path.components.dropLast()))
        if table.components.isEmpty {
            let end = lastLine(ofTableStartingAt: nil)
            insert("\(name) = \(value)", at: end)
            return
        }
        if let header = locator.writtenLine(of: table), isHeader(lines[header - 1]) {
            insert("\(name) = \(value)", at: lastLine(ofTableStartingAt: header))
            return
        }
        if locator.writes(table) {
            throw ConfigError(
                file: file, line: locator.line(of: table), key: key,
                message: "cannot be added: \(table) is not written as a [\(table)] table here; add the key by hand")
        }
        if let last = lines.last, !last.trimmingSpaces.isEmpty { insert("", at: lines.count) }
        insert("[\(table)]", at: lines.count)
        insert("\(name) = \(value)", at: lines.count)
    }

    /// Removes the line that writes `key`, if the file writes it; returns whether it did.
    @discardableResult
    public mutating func remove(_ key: String) throws(ConfigError) -> Bool {
        guard let line = KeyLineLocator(text: lineFeedText).writtenLine(of: ConfigKeyPath(dotted: key)) else { return false }
        _ = try split(line: line, key: key)
        lines.remove(at: line - 1)
        endings.remove(at: line - 1)
        return true
    }

    /// Adds `line` before line `index` (0-based), ending as most lines do.
    private mutating func insert(_ line: String, at index: Int) {
        lines.insert(line, at: index)
        endings.insert(newline, at: index)
    }

    /// Line `line` (1-based) as what comes before the value, the value, and what follows it
    /// (spaces and a comment); refused unless the line writes `key` as `… = value` on its own.
    private func split(line: Int, key: String) throws(ConfigError) -> (String, String, String) {
        let bytes = Array(lines[line - 1].utf8)
        func refuse(_ why: String) -> ConfigError {
            ConfigError(file: file, line: line, key: key, message: "cannot be rewritten: \(why); change it by hand")
        }
        let first = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.count
        guard first < bytes.count, let equals = Self.equalsSign(in: bytes, from: first) else {
            throw refuse("it is written inside an inline table")
        }
        let written = String(decoding: bytes[first..<equals].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }, as: UTF8.self)
        guard written == key || key.hasSuffix("." + written) else { throw refuse("it is written inside an inline table") }
        var start = equals + 1
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        guard start < bytes.count else { throw refuse("its value is not on its line") }
        var end = start
        switch bytes[start] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let quote = bytes[start]
            if bytes.count >= start + 3, bytes[start + 1] == quote, bytes[start + 2] == quote { throw refuse("its value is a multi-line string") }
            end = start + 1
            while end < bytes.count, bytes[end] != quote {
                if quote == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\\") { end += 1 }
                end += 1
            }
            guard end < bytes.count else { throw refuse("its string is not closed on its line") }
            end += 1
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw refuse("its value is an array or an inline table")
        default:
            while end < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
        }
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        return (text(0..<start), text(start..<end), text(end..<bytes.count))
    }

    /// Index of the `=` after the key that starts at `first` (quoted keys skipped).
    private static func equalsSign(in bytes: [UInt8], from first: Int) -> Int? {
        var index = first
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                return index
            } else if byte == UInt8(ascii: "#") {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// Whether `line` is a table header (`[name]` or `[[name]]`).
    private func isHeader(_ line: String) -> Bool { line.trimmingSpaces.hasPrefix("[") }

    /// The index (0-based) a new key of the table whose header is on line `header` goes at:
    /// after its last line that is neither blank nor a comment, before the next header. For
    /// the top level (`header` nil): after its last key, else before the first header's
    /// comments.
    private func lastLine(ofTableStartingAt header: Int?) -> Int {
        let start = header ?? 0
        var next = lines.count
        for index in start..<lines.count where isHeader(lines[index]) {
            next = index
            break
        }
        var insertion = header ?? 0
        for index in start..<next {
            let trimmed = lines[index].trimmingSpaces
            if !trimmed.isEmpty && !trimmed.hasPrefix("#") { insertion = index + 1 }
        }
        if header == nil && insertion == 0 {
            var leading = 0
            while leading < next, lines[leading].trimmingSpaces.hasPrefix("#") { leading += 1 }
            return leading < next ? leading : next
        }
        return insertion
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    fileprivate var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
