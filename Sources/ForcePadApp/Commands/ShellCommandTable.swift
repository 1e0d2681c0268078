import ForcePadShell

/// Every command of the ForcePad shell, in the order `help` lists them.
public enum ShellCommandTable {
    public static let table = CommandTable<ShellContext>([
        .status, .force, .threshold, .preset, .filter, .tare, .sim, .mode, .echo, .log, .quit,
    ])
}
