import ForcePadHAL

/// Finds the size of a console's terminal: the kernel's record (a terminal emulator sets it),
/// else the terminal's own answer (a serial line's kernel holds none): the cursor is saved,
/// sent to the far bottom right (CUP 999;999, which stops at the edges), its position asked
/// (DSR 6, answered ESC [ rows ; columns R) and restored, as xterm's `resize` does.
enum TerminalSizeQuery {
    /// Save the cursor, go to the bottom right, ask where it is, restore it.
    static let request = "\u{1B}7\u{1B}[999;999H\u{1B}[6n\u{1B}8"
    /// Longest the terminal is given to answer (ms).
    static let answerMilliseconds = 1_000

    /// The size of `transport`'s terminal; nil when neither the kernel nor the terminal says.
    /// Keys typed while the answer is awaited are dropped.
    static func ask(_ transport: ConsoleTransport) -> TerminalSize? {
        if let size = transport.kernelTerminalSize() { return size }
        transport.output.write(text: request)
        var received: [UInt8] = []
        var waited = 0
        while waited < answerMilliseconds {
            switch transport.read(timeoutMilliseconds: 50) {
            case .bytes(let bytes):
                received += bytes
                if let size = answer(in: received) { return size }
            case .timedOut, .connected: waited += 50
            case .closed: return nil
            }
        }
        return nil
    }

    /// The size in a cursor position report (ESC [ rows ; columns R) within `bytes`, nil when
    /// there is none.
    static func answer(in bytes: [UInt8]) -> TerminalSize? {
        guard let start = bytes.lastIndex(of: 0x1B) else { return nil }
        let text = String(decoding: bytes[start...].dropFirst(), as: UTF8.self)
        guard text.hasPrefix("["), text.hasSuffix("R") else { return nil }
        let numbers = text.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0 else { return nil }
        return TerminalSize(columns: numbers[1], rows: numbers[0])
    }
}
