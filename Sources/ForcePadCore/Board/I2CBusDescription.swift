/// The I2C adapter the converters hang on.
public struct I2CBusDescription: Sendable, Equatable {
    /// Character device, e.g. `/dev/i2c-1`.
    public var device: String
    /// Bus clock in Hz (a Raspberry Pi defaults to 100 kHz; `dtparam=i2c_arm_baudrate=400000` raises it).
    public var clockHz: Int
    /// The I2C switch the converters sit behind (`[i2c] mux`); nil when they are on the bus itself.
    public var mux: I2CMuxDescription?

    public init(device: String, clockHz: Int, mux: I2CMuxDescription? = nil) {
        self.device = device
        self.clockHz = clockHz
        self.mux = mux
    }
}
