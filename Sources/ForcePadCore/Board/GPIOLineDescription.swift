/// Where a GPIO line is, as a board file names it: by the line's name (on any chip, or on one
/// chip) or by its offset on a chip given by label, name or path. Never by chip number alone:
/// chip numbers move between kernels (a Raspberry Pi 5's header went from `gpiochip4` to
/// `gpiochip0` with 6.6).
public enum GPIOLineDescription: Sendable, Equatable {
    /// The line called `name` as the kernel knows it (e.g. `GPIO18`), searched for on `chip`
    /// (a label such as `pinctrl-bcm2711`, a name such as `gpiochip0` or a `/dev` path) when
    /// given, else on every chip in order.
    case named(String, chip: String?)
    /// Line `offset` (0 or more) of `chip`: a label, a name or a `/dev` path.
    case offset(Int, chip: String)

    /// The chip hint: required with an offset, optional with a name.
    public var chip: String? {
        switch self {
        case .named(_, let chip): chip
        case .offset(_, let chip): chip
        }
    }

    /// The line's name when it is found by name.
    public var name: String? {
        if case .named(let name, _) = self { return name }
        return nil
    }

    /// The line's offset when it is found by offset.
    public var offset: Int? {
        if case .offset(let offset, _) = self { return offset }
        return nil
    }

    /// As the board file has it, for messages: `GPIO18`, `GPIO18 on pinctrl-bcm2711`,
    /// `pinctrl-bcm2711:18`.
    public var summary: String {
        switch self {
        case .named(let name, nil): name
        case .named(let name, let chip?): "\(name) on \(chip)"
        case .offset(let offset, let chip): "\(chip):\(offset)"
        }
    }
}
