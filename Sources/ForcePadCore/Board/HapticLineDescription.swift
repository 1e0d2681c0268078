/// The GPIO line that drives the haptic actuator, found by name or by chip and offset, never
/// by chip number.
public struct HapticLineDescription: Sendable, Equatable {
    /// Where the line is.
    public var line: GPIOLineDescription
    /// True when the actuator is on while the line is low.
    public var activeLow: Bool

    public init(line: GPIOLineDescription, activeLow: Bool) {
        self.line = line
        self.activeLow = activeLow
    }

    /// The line called `lineName` (e.g. `GPIO18`), on `chip` when given (label, name or path).
    public init(lineName: String, chip: String?, activeLow: Bool) {
        self.init(line: .named(lineName, chip: chip), activeLow: activeLow)
    }
}
