/// The Analog Devices ADXL345's registers and bits the driver uses (ADXL345 datasheet, Rev. G,
/// "Register Map" table and "Register Definitions").
public enum ADXL345Registers {
    /// DEVID (0x00): reads 0xE5 on every ADXL345.
    public static let deviceID: UInt8 = 0x00
    public static let adxl345DeviceID: UInt8 = 0xE5
    /// BW_RATE (0x2C): bits 3–0 the output rate code; 0x0F is 3200 Hz, the fastest.
    public static let bandwidthRate: UInt8 = 0x2C
    public static let rate3200Hz: UInt8 = 0x0F
    /// POWER_CTL (0x2D): bit 3 Measure; 0 is standby.
    public static let powerControl: UInt8 = 0x2D
    public static let measure: UInt8 = 0x08
    /// DATA_FORMAT (0x31): bit 3 FULL_RES (4 mg/LSB at every range), bits 1–0 the range.
    public static let dataFormat: UInt8 = 0x31
    public static let fullResolution: UInt8 = 0x08
    /// DATAX0 (0x32) to DATAZ1 (0x37): x, y, z, each low byte first, two's complement. Read as
    /// one six-byte transfer, which also pops one FIFO entry.
    public static let firstDataRegister: UInt8 = 0x32
    public static let sampleBytes = 6
    /// FIFO_CTL (0x38): bits 7–6 FIFO_MODE; 10 is stream (the newest 32 kept).
    public static let fifoControl: UInt8 = 0x38
    public static let fifoStream: UInt8 = 0x80
    /// FIFO_STATUS (0x39): bits 5–0 the entries waiting (0 to 32).
    public static let fifoStatus: UInt8 = 0x39
    public static let fifoEntriesMask: UInt8 = 0x3F
    /// The FIFO's depth (entries).
    public static let fifoDepth = 32
    /// LSB per g: 256 in full resolution at every range, and in 10-bit mode at ±2 g (halved
    /// for each doubling of the range).
    public static let countsPerG: Int64 = 256
}
