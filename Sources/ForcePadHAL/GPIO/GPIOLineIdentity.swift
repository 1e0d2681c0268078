import CGPIOD

/// Where a requested GPIO line turned out to be: its chip and its place on it, as the kernel
/// reports them after the search by name or by offset.
public struct GPIOLineIdentity: Sendable, Equatable {
    /// The chip's device, e.g. `/dev/gpiochip0`.
    public let chipPath: String
    /// The chip's kernel label, e.g. `pinctrl-bcm2711`; empty when the driver gives none.
    public let chipLabel: String
    /// The line's offset on its chip.
    public let offset: Int
    /// The line's name as the kernel knows it, e.g. `GPIO18`; empty when the line has none.
    public let name: String

    public init(chipPath: String, chipLabel: String, offset: Int, name: String) {
        self.chipPath = chipPath
        self.chipLabel = chipLabel
        self.offset = offset
        self.name = name
    }

    /// Reads a line's place from the C shim's info of an open line.
    init(_ info: OpaquePointer) {
        self.init(
            chipPath: String(cString: fp_gpio_line_info_chip_path(info)),
            chipLabel: String(cString: fp_gpio_line_info_chip_label(info)),
            offset: Int(fp_gpio_line_info_offset(info)),
            name: String(cString: fp_gpio_line_info_name(info)))
    }

    /// `chip:offset (name)`, e.g. `pinctrl-bcm2711:18 (GPIO18)`: the chip by label, or by path
    /// when it has none; the name left out when the line has none.
    public var summary: String {
        let chip = chipLabel.isEmpty ? chipPath : chipLabel
        return "\(chip):\(offset)" + (name.isEmpty ? "" : " (\(name))")
    }
}
