/// The TI ADS7830's command byte, from its datasheet: single-ended input select (its
/// channel bits are not in numeric order) and power-down bits 01 (internal reference off,
/// converter on), so the inputs are ratiometric to VDD like an FSR divider. The part converts
/// while the byte after the command is read.
enum ADS7830Command {
    /// Single-ended (SD = 1).
    private static let singleEnded: UInt8 = 0x80
    /// PD1 PD0 = 01: internal reference off, converter on between conversions.
    private static let referenceOffConverterOn: UInt8 = 0x04

    /// The command for `input` (0…7): 0x84 0xC4 0x94 0xD4 0xA4 0xE4 0xB4 0xF4.
    static func byte(input: Int) -> UInt8 {
        let value = UInt8(input)
        let c2 = (value & 1) << 6
        let c1 = ((value >> 2) & 1) << 5
        let c0 = ((value >> 1) & 1) << 4
        return singleEnded | c2 | c1 | c0 | referenceOffConverterOn
    }
}
