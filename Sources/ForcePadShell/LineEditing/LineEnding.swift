/// What ends a line of output: CR LF on a serial line (a terminal in raw mode does not turn
/// LF into CR LF), LF on standard output.
public enum LineEnding: Sendable, Equatable {
    case crlf
    case lf

    public var bytes: [UInt8] {
        switch self {
        case .crlf: [0x0D, 0x0A]
        case .lf: [0x0A]
        }
    }

    public var text: String {
        switch self {
        case .crlf: "\r\n"
        case .lf: "\n"
        }
    }
}
