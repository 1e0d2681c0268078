/// How a write to a serial line (or a pseudo-terminal side) ended.
public enum SerialWriteResult: Sendable, Equatable {
    /// Every byte was handed to the driver.
    case written
    /// The line stopped taking bytes for longer than the timeout (nobody reading a
    /// pseudo-terminal, for one); the first `bytesWritten` bytes went out.
    case timedOut(bytesWritten: Int)
    /// The other end went away (see ``SerialReadResult/disconnected``).
    case disconnected
}
