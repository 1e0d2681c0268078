import ForcePadHAL
import ForcePadShell

/// What shell commands act on: the controller and the session's own settings.
public final class ShellContext {
    public let controller: Controller
    /// The loop's reference reader, haptic driver, feedback watcher, scheduling, event pump and the lab.
    let services: ShellServices
    /// Shared with the event printer, which writes events in the same mode.
    public let outputMode: SharedOutputMode
    public var mode: OutputMode {
        get { outputMode.mode }
        set { outputMode.mode = newValue }
    }
    /// Whether each line read is written back before its answer (for transcripts and serial lines).
    public var echo: Bool
    /// Whether `quit` may end the session (stdio: yes; a serial console: no).
    public let canQuit: Bool
    /// On an interactive console: whether a key has been pressed since the last call (the
    /// key is consumed). Nil from a pipe, where commands end by themselves.
    public var keyPressed: (() -> Bool)?
    /// On an interactive console: the terminal's size, as the kernel holds it or the terminal
    /// answers (``TerminalSizeQuery``); nil when neither says. Nil from a pipe.
    var terminalSize: (() -> TerminalSize?)?
    /// On an interactive console: the terminal's size as the kernel holds it now (a terminal
    /// emulator's window, which may be resized), without asking the terminal; nil when the
    /// kernel holds none (a serial line). Nil from a pipe.
    var kernelTerminalSize: (() -> TerminalSize?)?
    /// The command table the session's ``ShellInterpreter`` runs lines against, set by the
    /// interpreter; a shortcut runs its command through the same table.
    var commands = CommandTable<ShellContext>([])

    /// Whether the unsaved settings have been named once (by `quit` or at shutdown).
    private var unsavedChangesWarned = false

    /// The warning about settings changed since they were loaded or saved, the first time
    /// it is asked for while there are any; nil after that, or when nothing would be lost.
    public func takeUnsavedChangesWarning() -> String? {
        let keys = controller.unsavedKeys
        guard !keys.isEmpty, !unsavedChangesWarned else { return nil }
        unsavedChangesWarned = true
        return "unsaved changes to \(keys.joined(separator: ", ")): config save keeps them, config diff shows them"
    }

    /// Longest a pause goes without looking for a key (µs).
    static let pauseSliceMicros: Int64 = 50_000

    /// Lets `micros` of loop time pass on the shell thread, like ``Controller/pause(micros:)``,
    /// but ends early when a key is pressed on an interactive console (looked for every
    /// ``pauseSliceMicros``); the time that passed (µs), and whether a key ended it.
    func interruptiblePause(micros: Int64) -> (elapsedMicros: Int64, interrupted: Bool) {
        guard let keyPressed else {
            controller.pause(micros: micros)
            return (micros, false)
        }
        var elapsed: Int64 = 0
        while elapsed < micros {
            if keyPressed() { return (elapsed, true) }
            let slice = min(Self.pauseSliceMicros, micros - elapsed)
            controller.pause(micros: slice)
            elapsed += slice
        }
        return (elapsed, false)
    }

    public init(controller: Controller, services: ShellServices, outputMode: SharedOutputMode, echo: Bool, canQuit: Bool) {
        self.controller = controller
        self.services = services
        self.outputMode = outputMode
        self.echo = echo
        self.canQuit = canQuit
    }
}
