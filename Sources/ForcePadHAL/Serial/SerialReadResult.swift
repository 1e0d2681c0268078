/// How a read from a serial line (or a pseudo-terminal side) ended.
public enum SerialReadResult: Sendable, Equatable {
    /// This many bytes (at least one) were put at the start of the buffer.
    case received(byteCount: Int)
    /// Nothing arrived within the timeout.
    case timedOut
    /// The other end went away: a hang-up (POLLHUP), an I/O error (EIO) or the end of
    /// input. Close the port and open it again once the device is back; nothing needs a
    /// restart.
    case disconnected
}
