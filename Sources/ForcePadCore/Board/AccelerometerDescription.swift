/// The accelerometer fixed to the pad (`[accelerometer]`), which measures the actuator's
/// output: the chip, where it answers, its range and rate, and what a reading is reduced to.
public struct AccelerometerDescription: Sendable, Equatable {
    public var model: AccelerometerModel
    /// The I2C adapter's character device, e.g. `/dev/i2c-1`; nil on SPI and on the `sim`
    /// board, whose accelerometer is simulated.
    public var busDevice: String?
    /// The SPI device (4-wire), e.g. `/dev/spidev0.0`, when the chip is on SPI; nil on I2C.
    public var spiDevice: String?
    /// The chip's 7-bit address, one of ``AccelerometerModel/addresses``.
    public var address: UInt8
    public var range: AccelerometerRange
    /// Samples per second (Hz): the model's fastest.
    public var rateHz: Int
    public var axis: AccelerometerAxis

    public init(
        model: AccelerometerModel, busDevice: String?, address: UInt8, range: AccelerometerRange, rateHz: Int,
        axis: AccelerometerAxis, spiDevice: String? = nil
    ) {
        self.spiDevice = spiDevice
        self.model = model
        self.busDevice = busDevice
        self.address = address
        self.range = range
        self.rateHz = rateHz
        self.axis = axis
    }
}
