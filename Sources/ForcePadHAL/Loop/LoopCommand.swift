import ForcePadCore

/// A request from the shell to the loop, applied between two frames.
public enum LoopCommand: Sendable, BitwiseCopyable {
    /// New recogniser, pipeline and haptic scheduler settings, applied together in one period.
    case apply(LoopSettings)
    /// Store `pattern` under `id` in the loop's pattern bank (peek, pop, release or a named one).
    case setPattern(HapticPatternID, CompiledHapticPattern)
    /// Play `pattern` now (a haptic test), reported under `id`.
    case playPattern(HapticPatternID, CompiledHapticPattern)
    /// The quick-action menu's settings, how many shortcuts it offers, and the patterns that
    /// mark its opening and each slot change.
    case setQuickActions(QuickActionMenuSettings, shown: Int, opened: HapticPatternID?, tick: HapticPatternID?)
    /// Cancel the press in progress (`reason: command`).
    case cancelPress
    /// Start measuring every cell's zero; the outcome appears in ``LoopSnapshot/tare``.
    case tare
    /// Read every cell through this calibration from the next frame on. The sender keeps it,
    /// and the one it replaces, alive until the command is acknowledged (the loop takes a
    /// reference to it and must never free the one it lets go).
    case useCalibration(Unmanaged<CalibrationBank>)
    case simulate(SimulationCommand)
}
