/// Decides whether a shortcut's command line can run in this version of ForcePad.
///
/// Command lines are parsed by the shell, which the core does not know; the shell provides
/// the check and the ``ShortcutRegistry`` asks it about every shortcut, static or dynamic,
/// when it is added or loaded.
public protocol ShortcutCommandCheck: Sendable {
    /// Nil when `command` is a shell command line a shortcut can run in this version, else
    /// why not, in one line that quotes the command and says what to do (`command 'calibrate
    /// all' is not valid in this version: unknown command 'calibrate'`).
    func problem(in command: String) -> String?
}
