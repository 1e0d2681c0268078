import ForcePadHAL

/// A byte stream the interactive shell runs on: a terminal on standard input/output, or a
/// serial line. Reads wait at most a timeout so the shell can print events between keys.
protocol ConsoleTransport: AnyObject {
    /// Reads what has arrived, waiting up to `timeoutMilliseconds`.
    func read(timeoutMilliseconds: Int) -> ConsoleInput
    /// Where text for this console goes (shared with the event printer).
    var output: ConsoleOutput { get }
    /// Whether `quit` may end the program from this console.
    var allowsQuit: Bool { get }
    /// The size the kernel holds for the console's terminal; nil when it holds none.
    func kernelTerminalSize() -> TerminalSize?
}
