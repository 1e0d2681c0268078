/// How a pattern reaches the actuator.
public enum HapticOutputMode: String, Sendable, CaseIterable, BitwiseCopyable {
    /// Drive the line for the pattern's on steps (ERM/LRA through a transistor, solenoid).
    case pulse
    /// A short edge per stage for a DRV2605 IN/TRIG pin in edge-trigger mode.
    case triggerEdge = "trigger-edge"
    /// Line held while the stage is held; the falling edge on release cancels (DRV2605 level mode).
    case triggerLevel = "trigger-level"

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
