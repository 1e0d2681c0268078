/// One three-axis accelerometer reading (milli-g per axis, the sensor's own axes).
public struct AccelerationVector: Sendable, Equatable {
    public var xMilliG: Int32
    public var yMilliG: Int32
    public var zMilliG: Int32

    public init(xMilliG: Int32, yMilliG: Int32, zMilliG: Int32) {
        self.xMilliG = xMilliG
        self.yMilliG = yMilliG
        self.zMilliG = zMilliG
    }

    public static let zero = AccelerationVector(xMilliG: 0, yMilliG: 0, zMilliG: 0)

    /// √(x² + y² + z²) (milli-g), rounded down, in integers.
    public var magnitudeMilliG: Int32 {
        let x = Int64(xMilliG)
        let y = Int64(yMilliG)
        let z = Int64(zMilliG)
        return Int32(clamping: FeltClickAnalyzer.squareRoot(x * x + y * y + z * z))
    }

    /// The reading reduced as the board's `[accelerometer] axis` says (milli-g).
    public func milliG(along axis: AccelerometerAxis) -> Int32 {
        switch axis {
        case .x: xMilliG
        case .y: yMilliG
        case .z: zMilliG
        case .magnitude: magnitudeMilliG
        }
    }
}
