/// An accelerometer's full-scale range (±g); the ADXL345 and the LIS3DH both offer these four.
public enum AccelerometerRange: Int, Sendable, CaseIterable {
    case twoG = 2
    case fourG = 4
    case eightG = 8
    case sixteenG = 16

    /// The two-bit code both chips use for it (ADXL345 DATA_FORMAT bits 1–0, LIS3DH CTRL_REG4
    /// FS bits 5–4): 0 for ±2 g to 3 for ±16 g.
    public var code: UInt8 {
        switch self {
        case .twoG: 0
        case .fourG: 1
        case .eightG: 2
        case .sixteenG: 3
        }
    }

    /// The range's limit (milli-g).
    public var limitMilliG: Int32 { Int32(rawValue) * 1000 }
}
