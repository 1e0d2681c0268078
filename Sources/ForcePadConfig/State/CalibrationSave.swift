import ForcePadCore

/// `calibrate save`: merges the tables fitted in a session into the board's calibration file
/// (``CalibrationFile``), so a cell measured in an earlier session and not in this one keeps
/// its saved table.
///
/// The tables the file holds are the base; without a file, the calibration in use. A file
/// that cannot be read or checked stops the save before anything is written (it would lose
/// its cells). The new file replaces the old one after the old one is kept as `NAME~`
/// (``BackedUpFileWriter``): a crash at any moment leaves a file that loads and holds every
/// saved cell, the old version or the new one.
public enum CalibrationSave {
    /// What was saved.
    public struct Outcome: Sendable {
        /// The calibration as written, with the file as its source.
        public let calibration: CalibrationSet
        public let file: String
        /// Where the previous file is kept; nil when there was none.
        public let previousFile: String?
        /// Cells whose table this save replaced, in order.
        public let changedCells: [Int]
        /// Cells whose table was kept, in order.
        public let keptCells: [Int]
    }

    /// Writes `fits` over the tables `path` holds (else those of `inUse`) for `board`,
    /// stamped with `version` and `timestamp`.
    public static func save(
        _ fits: [CalibrationFit], board: BoardDescription, path: String, inUse: CalibrationSet, version: String, timestamp: String
    ) throws(ConfigError) -> Outcome {
        try BackedUpFileWriter.refuseLinks(path, advice: "move it away: calibrate save writes only a regular file")
        let previous = ConfigFiles.exists(path) ? try TextFileReader.read(path: path) : nil
        var tables = inUse.tables
        if let previous {
            do {
                tables = try CalibrationFile.parse(text: previous, file: path, board: board).tables
            } catch {
                var refusal = error
                refusal.message += "; nothing was written (saving would lose its cells): move it away to save a new file"
                throw refusal
            }
        }
        for fit in fits { tables[fit.cell] = fit.table }
        let calibration = CalibrationSet(tables: tables, source: path)
        let text = CalibrationFile.render(calibration, board: board.name, version: version, timestamp: timestamp)
        let previousFile = try BackedUpFileWriter.write(text, to: path, previous: previous, hint: AtomicFileWriter.stateDirectoryHint)
        let changed = Set(fits.map(\.cell))
        return Outcome(
            calibration: calibration, file: path, previousFile: previousFile,
            changedCells: changed.sorted(), keptCells: tables.indices.filter { !changed.contains($0) })
    }
}
