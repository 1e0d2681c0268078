/// A force gauge on a serial port (the board file's `[reference]` with `model = "mark10"`
/// or `"imada"`).
public struct ForceGaugeDescription: Sendable, Equatable {
    /// The request rates a gauge may be asked for (Hz): each request waits for its answer,
    /// so the rate is bounded by the gauge's answer delay (stated by `probe`).
    public static let rateRangeHz = 1...50

    public var model: ForceGaugeModel
    /// The serial device, e.g. `/dev/ttyUSB0`.
    public var device: String
    /// Bits per second, one of ``SerialPortDescription/supportedBauds`` that the gauge is set to.
    public var baud: Int
    /// Requests per second (Hz).
    public var rateHz: Int

    public init(model: ForceGaugeModel, device: String, baud: Int, rateHz: Int) {
        self.model = model
        self.device = device
        self.baud = baud
        self.rateHz = rateHz
    }
}
