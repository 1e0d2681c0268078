import ForcePadCore

/// The ST LIS3DH's registers and bits the driver uses (LIS3DH datasheet, DocID17530, section 8
/// "Register mapping" and section 8.x "Register description").
public enum LIS3DHRegisters {
    /// WHO_AM_I (0x0F): reads 0x33 on every LIS3DH.
    public static let whoAmI: UInt8 = 0x0F
    public static let lis3dhID: UInt8 = 0x33
    /// CTRL_REG1 (0x20): ODR bits 7–4 (1001: 1.344 kHz in normal and high-resolution mode, the
    /// fastest there), LPen bit 3 (0), Z/Y/X enable bits 2–0.
    public static let control1: UInt8 = 0x20
    public static let rate1344HzAllAxes: UInt8 = 0x97
    /// CTRL_REG4 (0x23): BDU bit 7, FS bits 5–4 the range, HR bit 3 (12-bit output).
    public static let control4: UInt8 = 0x23
    public static let blockDataUpdate: UInt8 = 0x80
    public static let highResolution: UInt8 = 0x08
    public static let rangeShift: UInt8 = 4
    /// CTRL_REG5 (0x24): FIFO_EN bit 6.
    public static let control5: UInt8 = 0x24
    public static let fifoEnable: UInt8 = 0x40
    /// OUT_X_L (0x28) to OUT_Z_H (0x2D): x, y, z, low byte first, left-justified two's
    /// complement. On I2C bit 7 of the register address asks for auto-increment, so 0xA8 reads
    /// all six in one transfer and pops one FIFO level.
    public static let firstDataRegister: UInt8 = 0x28
    public static let autoIncrement: UInt8 = 0x80
    public static let sampleBytes = 6
    /// FIFO_CTRL_REG (0x2E): FM bits 7–6; 10 is stream mode.
    public static let fifoControl: UInt8 = 0x2E
    public static let fifoStream: UInt8 = 0x80
    /// FIFO_SRC_REG (0x2F): OVRN_FIFO bit 6 (the FIFO overflowed), EMPTY bit 5, FSS bits 4–0.
    public static let fifoSource: UInt8 = 0x2F
    public static let fifoOverrun: UInt8 = 0x40
    public static let fifoEmpty: UInt8 = 0x20
    public static let fifoLevelMask: UInt8 = 0x1F
    /// The FIFO's depth (levels).
    public static let fifoDepth = 32

    /// mg per digit of the 12-bit high-resolution value at `range` (datasheet table 4, So):
    /// 1, 2, 4 and 12.
    public static func milliGPerDigit(_ range: AccelerometerRange) -> Int32 {
        [1, 2, 4, 12][Int(range.code)]
    }
}

