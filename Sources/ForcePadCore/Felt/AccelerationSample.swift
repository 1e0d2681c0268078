/// One accelerometer reading on the loop's clock: when it was taken (µs) and the acceleration
/// along the measured axis, or the magnitude of all three (milli-g, 1 g = 9.80665 m/s²).
public struct AccelerationSample: Sendable, Equatable, BitwiseCopyable {
    /// When the reading was taken (µs, loop clock).
    public var timeMicros: Int64
    /// The acceleration (milli-g), gravity and the sensor's offset included.
    public var milliG: Int32

    public init(timeMicros: Int64, milliG: Int32) {
        self.timeMicros = timeMicros
        self.milliG = milliG
    }
}
