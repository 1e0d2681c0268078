/// An accelerometer chip a board can fix to the pad to measure the actuator's output.
public enum AccelerometerModel: String, Sendable, CaseIterable {
    /// Analog Devices ADXL345: 3200 Hz at most, I2C address 0x53 (SDO low) or 0x1D (SDO high).
    case adxl345
    /// ST LIS3DH: 1344 Hz at most in 12-bit mode, I2C address 0x18 (SA0 low) or 0x19 (SA0 high).
    case lis3dh

    /// The 7-bit addresses the chip can answer at, the default first.
    public var addresses: [UInt8] {
        switch self {
        case .adxl345: [0x53, 0x1D]
        case .lis3dh: [0x18, 0x19]
        }
    }

    /// The rate the driver reads it at: its fastest (Hz).
    public var rateHz: Int {
        switch self {
        case .adxl345: 3200
        case .lis3dh: 1344
        }
    }

    /// The chip's name in messages.
    public var name: String { rawValue.uppercased() }
}
