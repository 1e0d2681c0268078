import ForcePadCore

/// The candidates a second Tab lists: sorted, in as many columns as fit the terminal, read
/// row by row, each column as wide as the longest candidate plus two spaces.
enum CompletionListing {
    /// The rows for `candidates` on a terminal `columns` wide, without trailing spaces.
    static func lines(for candidates: [String], columns: Int) -> [String] {
        let sorted = candidates.sorted()
        let width = (sorted.map(\.count).max() ?? 0) + 2
        let perRow = max(1, columns / width)
        return stride(from: 0, to: sorted.count, by: perRow).map { start in
            let row = sorted[start..<min(start + perRow, sorted.count)]
            return row.dropLast().map { $0.padded(to: width) }.joined() + (row.last ?? "")
        }
    }
}
