/// What shell commands act on: the controller and the session's own settings.
public final class ShellContext {
    public let controller: Controller
    public var mode: OutputMode
    /// Whether each line read is written back before its answer (for transcripts and serial lines).
    public var echo: Bool
    /// Whether `quit` may end the session (stdio: yes; a serial console: no).
    public let canQuit: Bool

    public init(controller: Controller, mode: OutputMode, echo: Bool, canQuit: Bool) {
        self.controller = controller
        self.mode = mode
        self.echo = echo
        self.canQuit = canQuit
    }
}
