import ForcePadCore

/// `record export`'s NAME.presses.csv: a trial's ``PressTable`` as CSV, written like the forces
/// CSV (``CaptureFile/writeWhole(_:_:)``): whole or absent, and never over a file.
enum PressTableExport {
    /// Writes `table` to `path` (which must not exist); returns the presses written.
    static func write(_ table: PressTable, to path: String) throws(CommandFailure) -> Int {
        try CaptureFile.writeWhole(path) { file throws(CommandFailure) in try file.append(table.csv) }
        return table.analysis.records.count
    }
}
