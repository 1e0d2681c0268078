/// Draws a ``ForcePlotScene`` as the rows of a terminal of ``width`` × ``height`` characters:
/// the header; the plot in braille (U+2800…, 2 × 4 dots a character) with its left margin
/// (the scale and the levels' labels); a row of stage marks (`t` touch, `p` peek, `P` pop,
/// `r` release); a row of haptic pulses (`|` while the line was on); and the time axis (`+`
/// ticks, `^` the sweep's newest column, `T` a scope's trigger). Every row is exactly
/// ``width`` characters; a cell without dots is a space.
///
/// Force maps to dot rows linearly: dot row = force × dot rows ÷ top (integer division),
/// clamped to the plot, dot row 0 at the bottom. A column's dots run from its bin's lowest to
/// its highest force, stretched to meet the column before, so the trace is unbroken.
public struct ForcePlotRenderer: Sendable {
    public let width: Int
    public let height: Int
    /// Characters left of the plot: nine of label, one of axis.
    public static let marginWidth = 10
    /// The smallest terminal the plot fits (characters).
    public static let minimumWidth = 30
    public static let minimumHeight = 8

    /// A renderer for `width` × `height` characters, at least ``minimumWidth`` × ``minimumHeight``.
    public init(width: Int, height: Int) {
        precondition(width >= Self.minimumWidth && height >= Self.minimumHeight, "the plot needs at least 30 x 8 characters")
        self.width = width
        self.height = height
    }

    /// Character rows of the plot.
    public var plotRows: Int { height - 4 }
    /// Character columns of the plot.
    public var cellColumns: Int { width - Self.marginWidth }
    /// Dot columns of the plot: how many ``PlotColumn``s a scene gives.
    public var dotColumns: Int { 2 * cellColumns }
    /// Dot rows of the plot.
    public var dotRows: Int { 4 * plotRows }

    /// The dot row (0 at the bottom) of `milligrams` on a plot whose top is `topMilligrams`.
    public func dotRow(milligrams: Int64, topMilligrams: Int64) -> Int {
        let row = milligrams * Int64(dotRows) / max(topMilligrams, 1)
        return Int(min(max(row, 0), Int64(dotRows - 1)))
    }

    /// The rows of `scene`, top to bottom.
    public func rows(_ scene: ForcePlotScene) -> [String] {
        var dots = [UInt8](repeating: 0, count: plotRows * cellColumns)
        func set(_ x: Int, _ row: Int) {
            let bits: [UInt8] = x % 2 == 0 ? [0x01, 0x02, 0x04, 0x40] : [0x08, 0x10, 0x20, 0x80]
            dots[(plotRows - 1 - row / 4) * cellColumns + x / 2] |= bits[3 - row % 4]
        }
        let top = scene.topMilligrams
        for level in scene.levels {
            let row = dotRow(milligrams: level.milligrams, topMilligrams: top)
            for x in stride(from: 0, to: dotColumns, by: level.solid ? 1 : 2) { set(x, row) }
        }
        var previous: PlotBin?
        for (x, column) in scene.columns.prefix(dotColumns).enumerated() {
            guard let bin = column.bin, bin.hasForce else {
                previous = nil
                continue
            }
            var low = dotRow(milligrams: bin.lowMilligrams, topMilligrams: top)
            var high = dotRow(milligrams: bin.highMilligrams, topMilligrams: top)
            if let previous {
                low = min(low, dotRow(milligrams: previous.highMilligrams, topMilligrams: top))
                high = max(high, dotRow(milligrams: previous.lowMilligrams, topMilligrams: top))
            }
            for row in low...high { set(x, row) }
            previous = bin
        }
        let margin = marginLabels(scene)
        var rows = [fitted(scene.header)]
        for row in 0..<plotRows {
            var line = (margin[row] ?? "").rightAligned(to: Self.marginWidth - 1) + (margin[row] == nil ? "│" : "┤")
            for cell in dots[(row * cellColumns)..<((row + 1) * cellColumns)] {
                line.unicodeScalars.append(cell == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(cell))!)
            }
            rows.append(line)
        }
        rows.append("stage".rightAligned(to: Self.marginWidth - 1) + " " + cells(scene) { marks, _ in Self.stageMark(marks) })
        rows.append("haptic".rightAligned(to: Self.marginWidth - 1) + " " + cells(scene) { marks, _ in marks.contains(.haptic) ? "|" : " " })
        rows.append(
            scene.axisLabel.rightAligned(to: Self.marginWidth - 1) + " "
                + cells(scene) { _, x in
                    if let trigger = scene.triggerColumn, trigger / 2 == x { return "T" }
                    if let cursor = scene.cursorColumn, cursor / 2 == x { return "^" }
                    let ticked = scene.columns.indices.contains(2 * x) && scene.columns[2 * x].tick
                        || scene.columns.indices.contains(2 * x + 1) && scene.columns[2 * x + 1].tick
                    return ticked ? "+" : "-"
                })
        return rows
    }

    /// The character of a stage row's cell: the deepest mark in it.
    static func stageMark(_ marks: PlotMarks) -> Character {
        if marks.contains(.pop) { return "P" }
        if marks.contains(.peek) { return "p" }
        if marks.contains(.release) { return "r" }
        if marks.contains(.touch) { return "t" }
        return " "
    }

    /// One character per cell of the plot, from the marks of its two dot columns and its index.
    private func cells(_ scene: ForcePlotScene, _ character: (PlotMarks, Int) -> Character) -> String {
        var text = ""
        for x in 0..<cellColumns {
            var marks: PlotMarks = []
            for dot in [2 * x, 2 * x + 1] where scene.columns.indices.contains(dot) {
                marks.formUnion(scene.columns[dot].bin?.marks ?? [])
            }
            text.append(character(marks, x))
        }
        return text
    }

    /// The margin's text per plot row: the levels' labels first (the first one of a row
    /// wins), then the top's force on the first row and 0g on the last where free.
    private func marginLabels(_ scene: ForcePlotScene) -> [String?] {
        var labels = [String?](repeating: nil, count: plotRows)
        for level in scene.levels {
            guard let label = level.label else { continue }
            let row = plotRows - 1 - dotRow(milligrams: level.milligrams, topMilligrams: scene.topMilligrams) / 4
            if labels[row] == nil { labels[row] = label }
        }
        if labels[0] == nil { labels[0] = FixedDecimal.format(scene.topMilligrams, scale: 3) + "g" }
        if labels[plotRows - 1] == nil { labels[plotRows - 1] = "0g" }
        return labels
    }

    /// `text` cut or padded to exactly ``width`` characters.
    private func fitted(_ text: String) -> String {
        String(text.prefix(width)).padded(to: width)
    }
}

extension String {
    /// Its first `width` characters, or spaces before it up to `width` characters.
    fileprivate func rightAligned(to width: Int) -> String {
        count >= width ? String(prefix(width)) : String(repeating: " ", count: width - count) + self
    }
}
