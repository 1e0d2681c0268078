import ForcePadCore

/// Reads where a GPIO line is from a board-file table (`[haptic]`, `[feedback]`): either
/// `line` (the line's name, with an optional `chip` to narrow the search) or `chip` and
/// `offset` (the line's number on that chip). The caller reads its own keys and calls
/// `finish()`.
enum GPIOLineSection {
    static let lineExample = "a GPIO line name such as \"GPIO18\""
    static let chipExample = "a GPIO chip label, name or /dev path such as \"pinctrl-bcm2711\""
    /// Highest offset accepted: the kernel's line numbers are 32-bit, real chips have far fewer.
    static let maxOffset = 65_535

    /// The line the table names; `example` is its line name for messages, e.g. `GPIO18`.
    static func read(_ table: TableReader, example: String) throws(ConfigError) -> GPIOLineDescription {
        let name = try table.string("line", expected: lineExample)
        let offset = try table.integer(
            "offset", expected: "the line's offset on its chip such as 18", range: 0...maxOffset)
        let chip = try table.string("chip", expected: chipExample)
        if chip?.isEmpty == true { throw table.error("chip", "must not be empty; give \(chipExample) or remove chip") }
        if name?.isEmpty == true { throw table.error("line", "must not be empty; give \(lineExample)") }
        switch (name, offset, chip) {
        case (let name?, nil, _):
            return .named(name, chip: chip)
        case (nil, let offset?, let chip?):
            return .offset(offset, chip: chip)
        case (nil, let offset?, nil):
            throw table.error(
                "chip", "missing; offset = \(offset) counts on one chip: give chip = \"pinctrl-bcm2711\" (its label, name or /dev path)",
                lineOf: table.path.key("offset"))
        case (.some, .some, _):
            throw table.error("offset", "give either line (the line's name) or offset (its number on chip), not both")
        case (nil, nil, _):
            throw table.error(
                "line", "missing; give line = \"\(example)\" (the line's name), or chip and offset (its number on that chip)")
        }
    }
}
