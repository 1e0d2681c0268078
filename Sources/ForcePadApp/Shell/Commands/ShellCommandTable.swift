import ForcePadShell

/// Every command of the ForcePad shell, in the order `help` lists them.
public enum ShellCommandTable {
    public static let table = CommandTable<ShellContext>([
        .status, .force, .monitor, .http, .threshold, .preset, .hysteresis, .filter, .tare, .calibrate, .haptic, .cancel, .shortcut, .record, .replay, .detection, .stand, .trial, .report, .config, .sim, .wait, .mode, .echo, .log, .quit, .identify, .reset, .operationComplete,
    ])
}
