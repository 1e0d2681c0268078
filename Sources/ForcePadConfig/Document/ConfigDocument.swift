import TOMLKit

/// A parsed TOML file with what is needed to blame a key: the file's name and the line of
/// every key.
struct ConfigDocument {
    /// The file as it was named when loading.
    let file: String
    let root: TOMLTable
    private let locator: KeyLineLocator

    /// Parses `text`; malformed TOML becomes a `syntax` error at the parser's line. The text
    /// passes ``TOMLInputGuard`` first, so that nothing reaches the parser that could abort
    /// or exhaust it.
    init(text: String, file: String) throws(ConfigError) {
        try TOMLInputGuard.check(text, file: file)
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, key: "syntax", message: error.description)
        } catch {
            throw ConfigError(file: file, line: nil, key: "syntax", message: "\(error)")
        }
        self.file = file
        locator = KeyLineLocator(text: text)
    }

    /// A reader for the top-level table.
    func rootReader() -> TableReader {
        TableReader(table: root, path: .root, document: self)
    }

    /// An error about `path`, placed on the line of `linePath` (default: `path` itself).
    func error(_ message: String, at path: ConfigKeyPath, lineOf linePath: ConfigKeyPath? = nil) -> ConfigError {
        ConfigError(file: file, line: line(of: linePath ?? path), key: path.description, message: message)
    }

    func line(of path: ConfigKeyPath) -> Int? { locator.line(of: path) }
}
