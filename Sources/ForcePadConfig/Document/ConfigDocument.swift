/// A parsed TOML file, or several layered into one, with what is needed to blame a key: the
/// file that wrote it and its line there.
///
/// Layers are given lowest precedence first (the lab's file, then the user's). Tables merge
/// key by key, so a layer on top changes only the keys it writes; any other value (a string,
/// a number, an array such as `[[shortcuts]]`, an inline table) replaces the one below as a
/// whole. `preset` and `thresholds.peek`/`thresholds.pop` are two ways of writing one
/// setting: a layer that writes either replaces both below it.
struct ConfigDocument {
    /// One file of the document: its name and where its keys are written.
    struct Layer {
        /// The file as it was named when loading.
        let file: String
        let locator: KeyLineLocator
    }

    /// The file on top, as it was named when loading (the one errors name when no layer
    /// writes the key).
    let file: String
    let root: TOMLTable
    /// Lowest precedence first.
    let layers: [Layer]

    /// Parses `text` with ``TOMLReader``; malformed TOML is a `syntax` error at its line.
    init(text: String, file: String) throws(ConfigError) {
        try self.init(layers: [ConfigLayer(file: file, text: text)])
    }

    /// Parses every layer as ``init(text:file:)`` does and merges them, lowest first.
    init(layers texts: [ConfigLayer]) throws(ConfigError) {
        var merged: TOMLTable?
        var layers: [Layer] = []
        for text in texts {
            let (table, lines) = try TOMLReader.read(text.text, file: text.file)
            merged = merged.map { Self.merge(table, over: $0) } ?? table
            layers.append(Layer(file: text.file, locator: KeyLineLocator(lines: lines)))
        }
        root = merged ?? TOMLTable()
        self.layers = layers
        file = texts.last?.file ?? ""
    }

    /// `top` over `base`: a new table holding both, `top` winning key by key.
    private static func merge(_ top: TOMLTable, over base: TOMLTable) -> TOMLTable {
        var merged = base
        let replacesPresetNumbers = top.contains("preset")
        if let thresholds = top["thresholds"]?.table, thresholds.contains("peek") || thresholds.contains("pop") {
            merged["preset"] = nil
            dropPresetNumbers(&merged)
        } else if replacesPresetNumbers {
            dropPresetNumbers(&merged)
        }
        for key in top.keys {
            let value = top[key]!
            if let upper = value.table, !upper.isInline, let lower = merged[key]?.table, !lower.isInline {
                merged[key] = .table(merge(upper, over: lower))
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    /// `merged.thresholds` without `peek` and `pop`, which a layer on top replaced; what
    /// remains merges key by key with the layer on top, even when it was written inline.
    private static func dropPresetNumbers(_ merged: inout TOMLTable) {
        guard var thresholds = merged["thresholds"]?.table else { return }
        thresholds.isInline = false
        thresholds["peek"] = nil
        thresholds["pop"] = nil
        merged["thresholds"] = .table(thresholds)
    }

    /// A reader for the top-level table.
    func rootReader() -> TableReader {
        TableReader(table: root, path: .root, document: self)
    }

    /// An error about `path`, placed on the line of `linePath` (default: `path` itself) in
    /// the file that writes it.
    func error(_ message: String, at path: ConfigKeyPath, lineOf linePath: ConfigKeyPath? = nil) -> ConfigError {
        let (file, line) = place(of: linePath ?? path)
        return ConfigError(file: file, line: line, key: path.description, message: message)
    }

    /// 1-based line of `path` (or of its nearest enclosing path) in the file that writes it.
    func line(of path: ConfigKeyPath) -> Int? { place(of: path).line }

    /// The top layer that writes `path` or something below it, with the line; else the top
    /// layer with the nearest enclosing path's line there.
    private func place(of path: ConfigKeyPath) -> (file: String, line: Int?) {
        if let layer = layers.last(where: { $0.locator.writes(path) }) { return (layer.file, layer.locator.line(of: path)) }
        if let layer = layers.last(where: { $0.locator.line(of: path) != nil }) { return (layer.file, layer.locator.line(of: path)) }
        return (file, nil)
    }

    /// Where `path` itself is written: the top layer's file and line; nil when no layer does.
    func origin(of path: ConfigKeyPath) -> (file: String, line: Int)? {
        for layer in layers.reversed() {
            if let line = layer.locator.writtenLine(of: path) { return (layer.file, line) }
        }
        return nil
    }
}
