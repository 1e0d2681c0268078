import ForcePadCore

/// Lines entered before, oldest first, recalled with Up and Down: at most ``capacity``
/// entries, no blank entries, no entry equal to the one before it, and nothing with a
/// control character (so every entry fits on one line of ``HistoryText``).
public struct LineHistory: Sendable, Equatable {
    /// Entries kept when no capacity is given.
    public static let defaultCapacity = 100

    /// Most entries kept; the oldest go first.
    public let capacity: Int
    /// Oldest first.
    public private(set) var entries: [String] = []

    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// A history holding `entries` (oldest first) as if each had been ``add(_:)``ed in turn.
    public init(entries: [String], capacity: Int = defaultCapacity) {
        self.init(capacity: capacity)
        for entry in entries { add(entry) }
    }

    /// Appends `line` unless ``isStorable(_:)`` refuses it or it equals the newest entry;
    /// drops the oldest entry when full.
    public mutating func add(_ line: String) {
        guard Self.isStorable(line), line != entries.last else { return }
        entries.append(line)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// True unless `line` is empty, only spaces and tabs, or holds a control character
    /// (C0, DEL or C1; a newline included).
    public static func isStorable(_ line: String) -> Bool {
        var hasText = false
        for scalar in line.unicodeScalars {
            if scalar.isControlCharacter && scalar != "\t" { return false }
            if !LineBuffer.isWordSeparator(scalar) { hasText = true }
        }
        return hasText
    }
}
