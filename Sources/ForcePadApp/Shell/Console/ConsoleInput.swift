/// What reading a console produced.
enum ConsoleInput {
    /// Bytes typed (at least one).
    case bytes([UInt8])
    /// Nothing within the timeout.
    case timedOut
    /// A (new) connection is up: start a fresh prompt.
    case connected
    /// The console is gone for good (end of standard input).
    case closed
}
