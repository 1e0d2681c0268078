import ForcePadCore

/// The saved calibration of a board in the state directory: one `[[cell]]` table of
/// `[counts, grams]` points per cell, stamped with the board, the ForcePad version and time
/// that wrote it, and a checksum that must match the points.
///
/// ```
/// board = "sim"
/// version = "0.1.0"
/// written = "2026-11-22T03:50:00Z"
/// checksum = "crc32:1a2b3c4d"
/// [[cell]]
/// points = [[0, 0], [256, 10], [3150, 500]]
/// ```
public enum CalibrationFile {
    /// File name of `board`'s calibration inside the state directory.
    public static func fileName(board: String) -> String { "calibration-\(board).toml" }

    /// Reads and checks a calibration file for `board`; errors name the file, line and key.
    public static func load(path: String, board: BoardDescription) throws(ConfigError) -> CalibrationSet {
        try parse(text: TextFileReader.read(path: path), file: path, board: board)
    }

    public static func parse(text: String, file: String, board: BoardDescription) throws(ConfigError) -> CalibrationSet {
        let document = try ConfigDocument(text: text, file: file)
        let root = document.rootReader()
        let boardName = try root.requiredString("board", expected: "the board name")
        _ = try root.requiredString("version", expected: "the ForcePad version that wrote the file")
        _ = try root.requiredString("written", expected: "the time the file was written")
        let checksumText = try root.requiredString("checksum", expected: "\"crc32:\" and eight hex digits")
        let cellTables = try root.tables("cell") ?? []
        try root.finish()
        guard boardName == board.name else {
            throw root.error("board", "this calibration is for board \(QuotedValue.quoted(boardName)), not '\(board.name)'; use that board or calibrate this one")
        }
        guard cellTables.count == board.geometry.cellCount else {
            throw root.error("cell", "has \(cellTables.count) [[cell]] tables; board '\(board.name)' has \(board.geometry.cellCount) cells")
        }
        var tables: [CalibrationTable] = []
        for table in cellTables {
            tables.append(try CalibrationSection.read(table, adcs: board.adcs, board: root))
        }
        let expected = "crc32:" + CRC32.hex(CalibrationSet.checksum(board: board.name, tables: tables))
        guard checksumText == expected else {
            throw root.error("checksum", "\(checksumText) does not match the points (\(expected)): the file was damaged or edited; calibrate again")
        }
        return CalibrationSet(tables: tables, source: file)
    }

    /// The file's text for `calibration` of `board`, written by `version` at `timestamp`.
    public static func render(_ calibration: CalibrationSet, board: String, version: String, timestamp: String) -> String {
        var lines = [
            "# ForcePad calibration: one table per cell, [counts above zero, grams].",
            "# Written by forcepad; the checksum covers the points, so edit it only by calibrating again.",
            "board = \"\(board)\"",
            "version = \"\(version)\"",
            "written = \"\(timestamp)\"",
            "checksum = \"crc32:\(CRC32.hex(calibration.checksum(board: board)))\"",
        ]
        for table in calibration.tables {
            let points = table.points.map { "[\($0.counts), \(FixedDecimal.format(Int64($0.force.milligrams), scale: 3))]" }
            lines += ["", "[[cell]]", "points = [" + points.joined(separator: ", ") + "]"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
