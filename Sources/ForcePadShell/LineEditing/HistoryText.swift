/// The text form of a ``LineHistory`` kept in the state directory: one entry per line,
/// oldest first, each line ending in LF, UTF-8.
public enum HistoryText {
    /// The text for `entries`, leaving out those ``LineHistory/isStorable(_:)`` refuses
    /// (a newline or another control character would not read back as one entry).
    public static func encode(_ entries: [String]) -> String {
        entries.filter(LineHistory.isStorable).map { $0 + "\n" }.joined()
    }

    /// The entries in `text`, oldest first. Lines may end in LF or CR LF; the last line
    /// needs no line ending. Lines ``LineHistory/isStorable(_:)`` refuses are skipped, so a
    /// damaged file loses only its damaged lines.
    public static func decode(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n").compactMap { line in
            let entry = String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
            return LineHistory.isStorable(entry) ? entry : nil
        }
    }
}
