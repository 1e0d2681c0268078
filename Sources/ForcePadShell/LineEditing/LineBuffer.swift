/// The line being typed and the cursor in it, bounded to ``maxBytes`` of UTF-8: input that
/// would make the line longer is refused whole, never truncated.
///
/// Positions count Unicode scalars: the cursor is before `scalars[cursor]`, or at the end
/// when `cursor == scalars.count`.
public struct LineBuffer: Sendable, Equatable {
    /// Longest line, in UTF-8 bytes.
    public let maxBytes: Int
    public private(set) var scalars: [Unicode.Scalar] = []
    public private(set) var cursor = 0
    /// Length of the line in UTF-8 bytes.
    public private(set) var byteCount = 0

    /// An empty line that holds at most `maxBytes` bytes of UTF-8 (the shell's limit by
    /// default).
    public init(maxBytes: Int = CommandLineTokenizer.maxLineBytes) {
        self.maxBytes = maxBytes
    }

    /// The whole line.
    public var text: String { String(String.UnicodeScalarView(scalars)) }

    public var isEmpty: Bool { scalars.isEmpty }

    /// Inserts `inserted` at the cursor and moves the cursor past it; returns false and
    /// changes nothing if the line would exceed ``maxBytes``.
    public mutating func insert(_ inserted: some Collection<Unicode.Scalar>) -> Bool {
        let addedBytes = inserted.reduce(0) { $0 + UTF8.width($1) }
        guard byteCount + addedBytes <= maxBytes else { return false }
        scalars.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
        byteCount += addedBytes
        return true
    }

    /// Replaces the whole line with `replacement`, cursor at the end; returns false and
    /// changes nothing if `replacement` exceeds ``maxBytes``.
    public mutating func replaceAll(with replacement: [Unicode.Scalar]) -> Bool {
        let bytes = replacement.reduce(0) { $0 + UTF8.width($1) }
        guard bytes <= maxBytes else { return false }
        scalars = replacement
        cursor = replacement.count
        byteCount = bytes
        return true
    }

    /// Empties the line.
    public mutating func clear() {
        scalars = []
        cursor = 0
        byteCount = 0
    }

    /// Deletes the scalar before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        remove(cursor - 1..<cursor)
    }

    /// Deletes the scalar under the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < scalars.count else { return }
        remove(cursor..<cursor + 1)
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K).
    public mutating func deleteToEnd() {
        remove(cursor..<scalars.count)
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    public mutating func deleteToStart() {
        remove(0..<cursor)
    }

    /// Deletes the word before the cursor and the spaces between it and the cursor
    /// (Ctrl-W). Words are separated by spaces and tabs.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, Self.isWordSeparator(scalars[start - 1]) { start -= 1 }
        while start > 0, !Self.isWordSeparator(scalars[start - 1]) { start -= 1 }
        remove(start..<cursor)
    }

    public mutating func moveLeft() {
        cursor = max(cursor - 1, 0)
    }

    public mutating func moveRight() {
        cursor = min(cursor + 1, scalars.count)
    }

    public mutating func moveToStart() {
        cursor = 0
    }

    public mutating func moveToEnd() {
        cursor = scalars.count
    }

    /// True for the characters that separate words (space and tab).
    public static func isWordSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// Removes `range`; the cursor, which is at one of its ends, ends up at its start.
    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        byteCount -= scalars[range].reduce(0) { $0 + UTF8.width($1) }
        scalars.removeSubrange(range)
        cursor = range.lowerBound
    }
}
