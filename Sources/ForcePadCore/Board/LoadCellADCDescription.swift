/// A load cell read through a NAU7802 24-bit ADC (the board file's `[reference]` with
/// `model = "nau7802"`): where the chip is, how it converts, and the load cell's scale.
public struct LoadCellADCDescription: Sendable, Equatable {
    /// The NAU7802's fixed 7-bit address.
    public static let defaultAddress: UInt8 = 0x2A
    /// The programmable gains the NAU7802 offers (CTRL1 GAINS 0…7).
    public static let gains = [1, 2, 4, 8, 16, 32, 64, 128]
    /// The conversion rates the NAU7802 offers (samples per second, CTRL2 CRS).
    public static let ratesSPS = [10, 20, 40, 80, 320]

    /// The I2C adapter's character device, e.g. `/dev/i2c-1`.
    public var device: String
    /// The chip's 7-bit address.
    public var address: UInt8
    /// The PGA gain, one of ``gains``.
    public var gain: Int
    /// Conversions per second, one of ``ratesSPS``.
    public var rateSPS: Int
    /// The load cell's sensitivity at this gain (ADC counts per gram), measured with a known
    /// weight; nil until it has been.
    public var countsPerGram: Double?

    public init(device: String, address: UInt8 = defaultAddress, gain: Int, rateSPS: Int, countsPerGram: Double?) {
        self.device = device
        self.address = address
        self.gain = gain
        self.rateSPS = rateSPS
        self.countsPerGram = countsPerGram
    }
}
