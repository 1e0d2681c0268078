/// How a stage starts the DRV2605L's loaded sequence (`trigger` in `[haptic.driver]`).
public enum HapticDriverTrigger: String, Sendable, Equatable, CaseIterable {
    /// The haptic GPIO line is wired to IN/TRIG and a stage's pulse is the edge that plays the
    /// sequence: one GPIO call per edge, the lowest latency. The default.
    case gpioEdge = "gpio-edge"
    /// The haptic GPIO line is wired to IN/TRIG and held high for the pattern's duration; the
    /// sequence stops when the line falls.
    case gpioLevel = "gpio-level"
    /// No wire to IN/TRIG: the loop writes GO over I2C, one transfer per stage.
    case i2c
}
