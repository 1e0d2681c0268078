/// How the cells are laid out: a 1×N strip or a rows×cols grid, cells numbered row by row.
public enum PadGeometry: Sendable, Equatable, BitwiseCopyable {
    case strip(cells: Int)
    case grid(rows: Int, columns: Int)

    /// Total number of cells.
    public var cellCount: Int {
        switch self {
        case .strip(let cells): cells
        case .grid(let rows, let columns): rows * columns
        }
    }

    /// Human description: `strip of 4 cells`, `grid 2×4`.
    public var summary: String {
        switch self {
        case .strip(let cells): "strip of \(cells) cells"
        case .grid(let rows, let columns): "grid \(rows)x\(columns)"
        }
    }
}
