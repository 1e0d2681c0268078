import ForcePadConfig

/// One edit of a config file's text by `ConfigTextEditor`, and the invariants it must keep
/// (each failure stops the fuzzer with `fatalError`, which libFuzzer reports with the input).
struct ConfigEditCase {
    /// A key as `config save` writes it: the table's dotted path (empty at the top) and the
    /// key's own name.
    struct Key {
        let table: String
        let name: String
        var dotted: String { table.isEmpty ? name : table + "." + name }
    }

    let original: String
    let edited: String
    let key: Key
    /// The value written; nil when the key was removed.
    let value: String?

    /// The key a fuzz input's first line names: one to three bare parts, as every key
    /// ``ConfigValueList`` writes is (pattern names are lowercase letters, digits and `-`).
    static func key(_ line: String) -> Key? {
        let parts = line.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && TOMLText.key(String($0)) == $0 }) else { return nil }
        return Key(table: parts.dropLast().joined(separator: "."), name: String(parts.last!))
    }

    /// The value a fuzz input's second line gives, as ``ConfigValueList`` writes values:
    /// `true`, `false` and plain decimal numbers as they are, anything else a TOML string.
    static func value(_ line: String) -> String {
        if line == "true" || line == "false" { return line }
        let digits = line.drop { $0 == "-" || $0 == "+" }.split(separator: ".", omittingEmptySubsequences: false)
        let isNumber = line.count - digits.joined(separator: ".").count <= 1 && (1...2).contains(digits.count)
            && digits.allSatisfy { !$0.isEmpty && $0.count <= 15 && $0.allSatisfy { ("0"..."9").contains($0) } }
        return isNumber ? line : TOMLText.string(line)
    }

    /// A line of text: its bytes without the line ending, and the ending (`\n`, `\r\n` or none).
    struct Line: Equatable {
        let content: ArraySlice<UInt8>
        let ending: ArraySlice<UInt8>
    }

    /// The lines of `text`, after its byte order mark when `marked`.
    static func lines(_ text: String, marked: Bool) -> [Line] {
        let bytes = Array(text.utf8.dropFirst(marked ? 3 : 0))
        var lines: [Line] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            let contentEnd = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
            lines.append(Line(content: bytes[start..<contentEnd], ending: bytes[contentEnd...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Line(content: bytes[start...], ending: [])) }
        return lines
    }

    /// Every line the edit did not touch keeps its bytes and its ending (the last line of
    /// either text may gain or lose an ending as lines are added or removed after it); the
    /// edited line keeps what is around its value; added lines are the key's line, after a
    /// new table's header when the table was not written.
    func expectOnlyTheEditedLinesChanged(removed: Bool) {
        // A mark the file starts with stays; a line that starts with U+FEFF may become the
        // first when the lines before it are removed, and is compared as it is.
        let marked = Self.hasByteOrderMark(original)
        guard !marked || Self.hasByteOrderMark(edited) else { fatalError("the byte order mark was lost") }
        let before = Self.lines(original, marked: marked)
        let after = Self.lines(edited, marked: marked)
        func same(_ old: Int, _ new: Int) -> Bool {
            let oldBytes = Array(before[old].content + before[old].ending), newBytes = Array(after[new].content + after[new].ending)
            if oldBytes == newBytes { return true }
            // The last line of either text may gain or lose its ending, and nothing else.
            let (short, long) = oldBytes.count < newBytes.count ? (oldBytes, newBytes) : (newBytes, oldBytes)
            let isLast = oldBytes.count < newBytes.count ? old == before.count - 1 : new == after.count - 1
            return isLast && long.starts(with: short) && ["\n", "\r\n"].contains(String(decoding: long[short.count...], as: UTF8.self))
        }
        var prefix = 0
        while prefix < before.count, prefix < after.count, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix, same(before.count - 1 - suffix, after.count - 1 - suffix) {
            suffix += 1
        }
        let oldLines = before[prefix..<(before.count - suffix)]
        let newLines = after[prefix..<(after.count - suffix)]
        func fail(_ why: String) -> Never {
            let shown = { (lines: ArraySlice<Line>) in lines.map { String(decoding: $0.content + $0.ending, as: UTF8.self).debugDescription } }
            fatalError("\(why) (\(key.dotted) = \(value ?? "removed")): lines \(prefix + 1)…: \(shown(oldLines)) became \(shown(newLines))")
        }
        if oldLines.isEmpty && newLines.isEmpty { return }
        if removed {
            guard oldLines.count == 1, newLines.isEmpty else { fail("removing a key changed other lines") }
            return
        }
        guard let value else { fail("a key was removed where none was") }
        if oldLines.count == 1, newLines.count == 1 {
            let old = oldLines.first!, new = newLines.first!
            guard old.ending == new.ending || prefix == before.count - 1 else { fail("the edited line lost its line ending") }
            guard Self.isReplacement(of: Array(old.content), by: Array(new.content), value: Array(value.utf8)) else {
                fail("the edited line changed more than its value")
            }
            return
        }
        guard oldLines.isEmpty else { fail("lines other than the key's changed") }
        let added = newLines.map { String(decoding: $0.content, as: UTF8.self) }
        let keyLine = "\(key.name) = \(value)"
        guard added == [keyLine] || added == ["[\(key.table)]", keyLine] || added == ["", "[\(key.table)]", keyLine] else {
            fail("the lines added are not the key's line (after its table's header)")
        }
    }

    static func hasByteOrderMark(_ text: String) -> Bool { text.unicodeScalars.first == "\u{FEFF}" }

    /// Whether `new` is `old` with one stretch replaced by `value`.
    static func isReplacement(of old: [UInt8], by new: [UInt8], value: [UInt8]) -> Bool {
        guard new.count >= value.count else { return false }
        for start in 0...(new.count - value.count) where new[start..<(start + value.count)].elementsEqual(value) {
            let head = new[..<start], tail = new[(start + value.count)...]
            if head.count + tail.count <= old.count, old.starts(with: head), old.reversed().starts(with: tail.reversed()) { return true }
        }
        return false
    }

    /// When the edited file loads and gives the key, it gives the value written, as a file
    /// that writes only that key reads it.
    func expectTheValueReadsBack() {
        guard let value, let settings = try? ConfigFileLoader.parse(text: edited, file: "fuzz.toml"),
            let back = ConfigValueList.values(of: settings).first(where: { $0.key == key.dotted })
        else { return }
        let alone = (key.table.isEmpty ? "" : "[\(key.table)]\n") + "\(key.name) = \(value)\n"
        guard let expected = try? ConfigFileLoader.parse(text: alone, file: "alone.toml"),
            let wanted = ConfigValueList.values(of: expected).first(where: { $0.key == key.dotted })
        else { return }
        guard back.text == wanted.text else {
            fatalError("\(key.dotted) = \(value) reads back as \(back.text), not \(wanted.text)\n--- edited:\n\(edited)")
        }
    }
}
