/// Finds the line of a key in TOML source, which the TOML parser does not report.
///
/// A path that is not written in the file (a missing key, a table that only exists as a
/// prefix) falls back to the nearest enclosing table or element that is, so a message about
/// a missing `haptic.line` points at the `[haptic]` header.
struct KeyLineLocator {
    private let lines: [ConfigKeyPath: Int]

    init(text: String) {
        lines = TOMLStructureScanner.lines(in: text)
    }

    /// 1-based line of `path` or of its nearest enclosing path in the file; nil when
    /// nothing on the way up to the root is in the file.
    func line(of path: ConfigKeyPath) -> Int? {
        var candidate: ConfigKeyPath? = path
        while let current = candidate, !current.components.isEmpty {
            if let line = lines[current] { return line }
            candidate = current.parent
        }
        return nil
    }
}
