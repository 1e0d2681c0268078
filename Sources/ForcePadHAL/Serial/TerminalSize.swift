import CSerial

/// A terminal's size in characters.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// What a terminal is taken to be when nothing says otherwise (VT100's 80 × 24).
    public static let standard = TerminalSize(columns: 80, rows: 24)

    /// The size the kernel holds for the terminal on `descriptor` (TIOCGWINSZ); nil when it
    /// is not a terminal or holds none (0 × 0, as a serial line's usually does).
    public static func kernel(descriptor: Int32) -> TerminalSize? {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard fp_terminal_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }
}
