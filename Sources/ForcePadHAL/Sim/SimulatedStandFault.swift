import ForcePadCore

/// A fault the simulated stand can be told to show, for the stand's safety tests.
public enum SimulatedStandFault: Sendable, Equatable {
    /// Everything works.
    case none
    /// It stops answering (it still acts on what it receives, as a stand whose transmit wire broke).
    case silent
    /// It raises an alarm and freezes: G-code `ALARM:1` (hard limit), ESM303 its gauge's `OVER`.
    case alarm
    /// Its force reads this much more than the spring gives (and the pad is pressed that much harder).
    case overshoot(Force)
}
