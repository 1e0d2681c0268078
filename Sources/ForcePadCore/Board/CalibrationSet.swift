/// The calibration of every cell of a board, and where it came from.
public struct CalibrationSet: Sendable, Equatable {
    /// One table per cell, in cell order.
    public let tables: [CalibrationTable]
    /// Where the tables came from, for status: `board default` or the file path.
    public let source: String

    public init(tables: [CalibrationTable], source: String) {
        self.tables = tables
        self.source = source
    }

    /// The board's default curve for every cell.
    public init(boardDefault board: BoardDescription) {
        self.init(tables: Array(repeating: board.calibration, count: board.geometry.cellCount), source: "board default")
    }

    /// CRC-32 over the canonical text of the tables (board name, then each cell's points as
    /// `counts:milligrams`), so the value does not depend on how the file is formatted.
    public static func checksum(board: String, tables: [CalibrationTable]) -> UInt32 {
        var text = "board=\(board)"
        for (index, table) in tables.enumerated() {
            text += ";cell\(index)=" + table.points.map { "\($0.counts):\($0.force.milligrams)" }.joined(separator: ",")
        }
        return CRC32.checksum(text.utf8)
    }

    /// The checksum of these tables for `board`.
    public func checksum(board: String) -> UInt32 { Self.checksum(board: board, tables: tables) }
}
