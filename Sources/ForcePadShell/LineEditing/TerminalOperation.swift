/// One thing done to a VT100-compatible terminal's screen. ``encode(_:lineEnding:)`` turns a
/// list of them into the bytes to send.
public enum TerminalOperation: Sendable, Equatable {
    /// Text written at the cursor, which moves past it (one column per Unicode scalar).
    case text(String)
    /// Cursor right by this many columns (`ESC [ n C`; `ESC [ C` for one).
    case cursorForward(Int)
    /// Cursor left by this many columns (`ESC [ n D`; `ESC [ D` for one).
    case cursorBackward(Int)
    /// Erase from the cursor to the end of the row (`ESC [ K`).
    case eraseToEndOfLine
    /// Cursor to the first column of the row (CR).
    case carriageReturn
    /// Start of the next row (the configured ``LineEnding``).
    case lineBreak
    /// The bell (BEL, 0x07): the key was refused.
    case bell
    /// Cursor to the top left, then erase the whole screen (`ESC [ H ESC [ 2 J`).
    case clearScreen

    /// The bytes for `operations`, with `lineEnding` for each ``lineBreak``.
    public static func encode(_ operations: [TerminalOperation], lineEnding: LineEnding) -> [UInt8] {
        var bytes: [UInt8] = []
        for operation in operations { operation.append(to: &bytes, lineEnding: lineEnding) }
        return bytes
    }

    private func append(to bytes: inout [UInt8], lineEnding: LineEnding) {
        switch self {
        case .text(let text): bytes += text.utf8
        case .cursorForward(let columns): Self.appendCursorMove(columns, final: UInt8(ascii: "C"), to: &bytes)
        case .cursorBackward(let columns): Self.appendCursorMove(columns, final: UInt8(ascii: "D"), to: &bytes)
        case .eraseToEndOfLine: bytes += [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")]
        case .carriageReturn: bytes.append(0x0D)
        case .lineBreak: bytes += lineEnding.bytes
        case .bell: bytes.append(0x07)
        case .clearScreen: bytes += Array("\u{1B}[H\u{1B}[2J".utf8)
        }
    }

    private static func appendCursorMove(_ columns: Int, final: UInt8, to bytes: inout [UInt8]) {
        guard columns > 0 else { return }
        bytes += [0x1B, UInt8(ascii: "[")]
        if columns > 1 { bytes += String(columns).utf8 }
        bytes.append(final)
    }
}
