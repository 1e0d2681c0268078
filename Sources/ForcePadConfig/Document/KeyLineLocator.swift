/// The line of each key in a TOML file, as ``TOMLReader`` recorded it.
///
/// A path that is not written in the file (a missing key, a table that only exists as a
/// prefix) falls back to the nearest enclosing table or element that is, so a message about
/// a missing `haptic.line` points at the `[haptic]` header. Built in time linear in the
/// length of the text.
struct KeyLineLocator {
    private let lines: KeyLineTable

    init(lines: KeyLineTable) { self.lines = lines }

    /// The lines of `text` up to its first problem, if it has one (``TOMLReader/lines(in:)``).
    init(text: String) { lines = TOMLReader.lines(in: text) }

    /// 1-based line of `path` or of its nearest enclosing path in the file; nil when
    /// nothing on the way up to the root is in the file.
    func line(of path: ConfigKeyPath) -> Int? { lines.line(of: path) }

    /// 1-based line where `path` itself is written out; nil when it is not.
    func writtenLine(of path: ConfigKeyPath) -> Int? { lines.writtenLine(of: path) }

    /// Whether `path` or a path below it is written in the file.
    func writes(_ path: ConfigKeyPath) -> Bool { lines.writes(path) }
}
