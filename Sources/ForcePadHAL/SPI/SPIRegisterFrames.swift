/// The bytes an SPI accelerometer's register transfers put on MOSI (ADXL345 datasheet,
/// "SPI" section, figures 37–39; LIS3DH datasheet, section 6.2 "SPI bus interface"): the first
/// byte is the register with bit 7 set to read and bit 6 set to move on to the next register
/// after each byte (the ADXL345's MB, the LIS3DH's MS); the data bytes follow (written) or are
/// clocked in while zeros go out (read). Both chips use the same two bits.
public enum SPIRegisterFrames {
    /// Bit 7 of the first byte: read.
    public static let readBit: UInt8 = 0x80
    /// Bit 6 of the first byte: several registers in one transfer.
    public static let multipleBit: UInt8 = 0x40
    /// The register bits of the first byte.
    public static let registerMask: UInt8 = 0x3F

    /// The first byte of a read of `count` bytes from `register`.
    public static func readHeader(_ register: UInt8, count: Int) -> UInt8 {
        readBit | (count > 1 ? multipleBit : 0) | (register & registerMask)
    }

    /// The first byte of a write of one byte to `register`.
    public static func writeHeader(_ register: UInt8) -> UInt8 {
        register & registerMask
    }
}
