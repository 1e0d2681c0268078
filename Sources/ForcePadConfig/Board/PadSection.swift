import ForcePadCore

/// Reads `[pad]`: how the cells are laid out. Without the table the pad is a strip with one
/// cell per converter input.
enum PadSection {
    static let layouts = ["strip", "grid"]

    /// The geometry, whose cell count must equal `inputCount` (the converters' inputs in use).
    static func read(_ table: TableReader?, inputCount: Int) throws(ConfigError) -> PadGeometry {
        guard let table else { return .strip(cells: inputCount) }
        let cellRange = 1...BoardDescription.maxCells
        let layout = try table.oneOf("layout", layouts, noun: "layout") ?? "strip"
        let cells = try table.integer("cells", expected: "a number of cells such as 4", range: cellRange)
        let rows = try table.integer("rows", expected: "a number of rows such as 2", range: cellRange)
        let columns = try table.integer("columns", expected: "a number of columns such as 4", range: cellRange)
        try table.finish()
        if layout == "strip" {
            for key in ["rows", "columns"] where table.has(key) {
                throw table.error(key, "only for layout = \"grid\"; a strip takes cells")
            }
            let count = cells ?? inputCount
            guard count == inputCount else {
                throw table.error("cells", "\(count) cells but the converters have \(inputCount) inputs; cells must equal the number of inputs")
            }
            return .strip(cells: count)
        }
        if table.has("cells") { throw table.error("cells", "only for layout = \"strip\"; a grid takes rows and columns") }
        guard let rows, let columns else {
            throw table.error(rows == nil ? "rows" : "columns", "missing; a grid needs rows and columns with rows × columns = \(inputCount) (the converters' inputs)")
        }
        let geometry = PadGeometry.grid(rows: rows, columns: columns)
        guard geometry.cellCount <= BoardDescription.maxCells else {
            throw table.error("rows", "grid \(rows)×\(columns) has \(geometry.cellCount) cells; at most \(BoardDescription.maxCells)")
        }
        guard geometry.cellCount == inputCount else {
            throw table.error("rows", "grid \(rows)×\(columns) has \(geometry.cellCount) cells but the converters have \(inputCount) inputs; rows × columns must equal the number of inputs")
        }
        return geometry
    }
}
