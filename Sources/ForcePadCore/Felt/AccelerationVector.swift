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
        let squares = [xMilliG, yMilliG, zMilliG].reduce(Int64(0)) { $0 + Int64($1) * Int64($1) }
        return Int32(clamping: FeltClickAnalyzer.squareRoot(squares))
    }
}
