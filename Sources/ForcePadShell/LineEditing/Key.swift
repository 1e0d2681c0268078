/// One key as the shell's line editor sees it, decoded from the bytes a terminal sends in
/// raw mode by ``KeyDecoder``.
public enum Key: Sendable, Equatable {
    /// A printable character (one Unicode scalar, never a control character).
    case character(Unicode.Scalar)
    /// CR, LF or CRLF: one key however the terminal ends a line.
    case enter
    /// 0x7F (DEL, what most terminals send) or 0x08 (BS, Ctrl-H).
    case backspace
    /// The Delete key, `ESC [ 3 ~`.
    case delete
    case tab
    case up
    case down
    case left
    case right
    case home
    case end
    /// Ctrl-A: to the start of the line.
    case controlA
    /// Ctrl-C: abandon the line.
    case controlC
    /// Ctrl-D: end of input on an empty line, else delete the character under the cursor.
    case controlD
    /// Ctrl-E: to the end of the line.
    case controlE
    /// Ctrl-K: delete from the cursor to the end of the line.
    case controlK
    /// Ctrl-L: clear the screen and redraw the line.
    case controlL
    /// Ctrl-U: delete from the start of the line to the cursor.
    case controlU
    /// Ctrl-W: delete the word before the cursor.
    case controlW
    /// Something the editor does nothing with: NUL, another control byte, an unknown or
    /// malformed escape sequence, invalid UTF-8.
    case ignored
}
