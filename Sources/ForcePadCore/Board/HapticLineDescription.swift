/// The GPIO line that drives the haptic actuator, found by name, never by chip number.
public struct HapticLineDescription: Sendable, Equatable {
    /// Line name as the kernel knows it, e.g. `GPIO18`.
    public var lineName: String
    /// Optional chip label or path to narrow the search (`pinctrl-bcm2711`, `/dev/gpiochip0`).
    public var chip: String?
    /// True when the actuator is on while the line is low.
    public var activeLow: Bool

    public init(lineName: String, chip: String?, activeLow: Bool) {
        self.lineName = lineName
        self.chip = chip
        self.activeLow = activeLow
    }
}
