import ForcePadShell

/// Every command of the ForcePad shell, in the order `help` lists them.
public enum ShellCommandTable {
    public static let table = CommandTable<ShellContext>([
        .status, .threshold, .preset, .sim, .mode, .echo, .log, .quit,
    ])
}
