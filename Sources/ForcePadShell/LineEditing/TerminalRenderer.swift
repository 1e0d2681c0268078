/// Keeps the terminal row that shows the prompt and the line being typed in step with the
/// editor, sending only what changed: typing at the end of the line sends that character
/// alone, a cursor move sends one `ESC [ n C` or `ESC [ n D`, and an edit in the middle
/// rewrites from the first changed column, erases what is left over (`ESC [ K`) and moves
/// the cursor back. Small enough for a 115 200 baud line.
///
/// The row never wraps: a line too long for ``columns`` scrolls sideways, keeping the prompt
/// in place. When the cursor would leave the visible part, the view jumps to put it in the
/// middle, so only every half-width of typing repaints the row. The last column is left
/// empty so the terminal does not wrap on its own. Each Unicode scalar counts as one column.
public struct TerminalRenderer: Sendable {
    /// Width assumed when the terminal's is unknown (a serial line cannot tell).
    public static let defaultColumns = 80

    /// Width of the terminal, in columns.
    public let columns: Int
    /// The prompt and the visible part of the line as they are on screen, or nil when the
    /// cursor is at the start of a row that shows nothing of the editor's.
    private var shownRow: [Unicode.Scalar]?
    /// The cursor's column on screen, counted from 0 at the start of the row.
    private var shownCursorColumn = 0
    /// Index in the line of the first scalar on screen (above 0 only for a scrolled line).
    private var firstShownIndex = 0

    public init(columns: Int = defaultColumns) {
        self.columns = max(columns, 2)
    }

    /// True while the prompt and line are on screen; false after ``finishLine(marker:)``
    /// until the next update.
    public var isLineShown: Bool { shownRow != nil }

    /// Operations that make the screen show `prompt`, then `line` with the cursor before
    /// `line[cursor]` (at the end when `cursor == line.count`).
    public mutating func update(prompt: String, line: [Unicode.Scalar], cursor: Int) -> [TerminalOperation] {
        let (row, cursorColumn) = visibleRow(prompt: Array(prompt.unicodeScalars), line: line, cursor: cursor)
        var operations: [TerminalOperation] = []
        if let shown = shownRow, shown == row {
            Self.moveCursor(from: shownCursorColumn, to: cursorColumn, into: &operations)
        } else if let shown = shownRow {
            let common = zip(shown, row).prefix { $0 == $1 }.count
            Self.moveCursor(from: shownCursorColumn, to: common, into: &operations)
            if common < row.count { operations.append(.text(String(String.UnicodeScalarView(row[common...])))) }
            if shown.count > row.count { operations.append(.eraseToEndOfLine) }
            Self.moveCursor(from: row.count, to: cursorColumn, into: &operations)
        } else {
            if !row.isEmpty { operations.append(.text(String(String.UnicodeScalarView(row)))) }
            Self.moveCursor(from: row.count, to: cursorColumn, into: &operations)
        }
        shownRow = row
        shownCursorColumn = cursorColumn
        return operations
    }

    /// Operations that leave the row as it is and start a new one: the cursor goes to the
    /// end of the row, `marker` (e.g. `^C`) is written there, then a line break. Nothing is
    /// shown afterwards until the next ``update(prompt:line:cursor:)``.
    public mutating func finishLine(marker: String = "") -> [TerminalOperation] {
        var operations: [TerminalOperation] = []
        if let shown = shownRow { Self.moveCursor(from: shownCursorColumn, to: shown.count, into: &operations) }
        if !marker.isEmpty { operations.append(.text(marker)) }
        operations.append(.lineBreak)
        forgetRow()
        return operations
    }

    /// Operations that draw the row again from scratch, after clearing the screen (Ctrl-L)
    /// or just the row.
    public mutating func redraw(
        prompt: String, line: [Unicode.Scalar], cursor: Int, clearingScreen: Bool
    ) -> [TerminalOperation] {
        let clearing: [TerminalOperation] = clearingScreen ? [.clearScreen] : [.carriageReturn, .eraseToEndOfLine]
        forgetRow()
        return clearing + update(prompt: prompt, line: line, cursor: cursor)
    }

    /// Operations that print `lines` (each without its line ending) above the prompt while
    /// it is shown: a carriage return and an erase of the row, each line followed by a line
    /// break, then the prompt and `line` drawn again with the cursor before `line[cursor]`.
    /// When the prompt is not shown (a command is running), just the lines.
    public mutating func printAbove(
        _ lines: [String], prompt: String, line: [Unicode.Scalar], cursor: Int
    ) -> [TerminalOperation] {
        let printed = lines.flatMap { [TerminalOperation.text($0), .lineBreak] }
        guard isLineShown else { return printed }
        forgetRow()
        return [.carriageReturn, .eraseToEndOfLine] + printed + update(prompt: prompt, line: line, cursor: cursor)
    }

    /// The row to show for `line` and the cursor's column in it, scrolling a long line so the
    /// cursor stays on screen: the view moves only when the cursor would leave it.
    private mutating func visibleRow(
        prompt: [Unicode.Scalar], line: [Unicode.Scalar], cursor: Int
    ) -> (row: [Unicode.Scalar], cursorColumn: Int) {
        let room = max(1, columns - 1 - prompt.count)
        var first = line.count <= room ? 0 : firstShownIndex
        if cursor < first || cursor > first + room { first = max(0, cursor - room / 2) }
        firstShownIndex = first
        let last = min(line.count, first + room)
        return (prompt + line[first..<last], prompt.count + cursor - first)
    }

    private mutating func forgetRow() {
        shownRow = nil
        shownCursorColumn = 0
        firstShownIndex = 0
    }

    private static func moveCursor(from column: Int, to target: Int, into operations: inout [TerminalOperation]) {
        if target > column { operations.append(.cursorForward(target - column)) }
        if target < column { operations.append(.cursorBackward(column - target)) }
    }
}
