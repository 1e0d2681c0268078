import CI2C

/// The SMBus transfers an I2C adapter supports, as its kernel driver reports them
/// (`I2C_FUNCS`), limited to the ones ForcePad's converter drivers use. A driver states
/// what it needs with ``I2CBus/requireFunctionality(_:for:)`` before its first transfer.
public struct I2CFunctionality: OptionSet, Sendable, CustomStringConvertible {
    /// The kernel's functionality mask (`I2C_FUNC_*` bits).
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// SMBus receive byte: one byte read without a register (ADS7830, PCF8591).
    public static let receiveByte = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_READ_BYTE)
    /// SMBus send byte: one byte written without a register (ADS7830 and PCF8591 commands).
    public static let sendByte = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_WRITE_BYTE)
    /// SMBus read byte data: one byte read from a register.
    public static let readByteData = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_READ_BYTE_DATA)
    /// SMBus write byte data: one byte written to a register.
    public static let writeByteData = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_WRITE_BYTE_DATA)
    /// SMBus read word data: two bytes read from a register (ADS1x15 conversions).
    public static let readWordData = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_READ_WORD_DATA)
    /// SMBus write word data: two bytes written to a register (ADS1x15 configuration).
    public static let writeWordData = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_WRITE_WORD_DATA)
    /// I2C block read: up to 32 bytes read from a register in one transfer.
    public static let readI2CBlock = I2CFunctionality(rawValue: FP_I2C_FUNC_SMBUS_READ_I2C_BLOCK)

    private static let names: [(function: I2CFunctionality, name: String)] = [
        (.receiveByte, "SMBus receive byte"),
        (.sendByte, "SMBus send byte"),
        (.readByteData, "SMBus read byte data"),
        (.writeByteData, "SMBus write byte data"),
        (.readWordData, "SMBus read word data"),
        (.writeWordData, "SMBus write word data"),
        (.readI2CBlock, "I2C block read"),
    ]

    /// The transfers in the set by name, comma-separated, e.g.
    /// `SMBus read word data, SMBus write word data`. Bits ForcePad does not use are not listed.
    public var description: String {
        Self.names.filter { contains($0.function) }.map(\.name).joined(separator: ", ")
    }
}
