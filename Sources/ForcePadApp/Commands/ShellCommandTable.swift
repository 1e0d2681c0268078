import ForcePadShell

/// Every command of the ForcePad shell, in the order `help` lists them.
public enum ShellCommandTable {
    public static let table = CommandTable<ShellContext>([
        .status, .force, .monitor, .threshold, .preset, .hysteresis, .filter, .tare, .haptic, .cancel, .shortcut, .sim, .wait, .mode, .echo, .log, .quit,
    ])
}
