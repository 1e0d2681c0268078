extension Unicode.Scalar {
    /// Whether this is a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1
    /// (U+0080–U+009F, where U+009B is CSI, the start of a terminal sequence). Text from a file
    /// or a device escapes these before it reaches a terminal.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
