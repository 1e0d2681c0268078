/// The NXP PCF8591's control byte, from its datasheet: four single-ended inputs, no
/// auto-increment, and the analog output enabled, which keeps the internal oscillator running
/// between reads (steadier conversions). A read cycle returns the conversion made during the
/// previous one, so the first byte after selecting an input is stale and is discarded.
enum PCF8591Control {
    private static let analogOutputEnabled: UInt8 = 0x40

    /// The control byte selecting `input` (0…3).
    static func byte(input: Int) -> UInt8 {
        analogOutputEnabled | UInt8(input)
    }
}
