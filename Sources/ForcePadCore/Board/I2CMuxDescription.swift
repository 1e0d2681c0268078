/// A TCA9548A (or PCA9548A) I2C switch between the adapter and the converters: eight
/// downstream channels, each enabled by one bit of its control register. Converters behind it
/// name their channel (``ADCDescription/muxChannel``), so converters at the same address sit
/// on different channels: eight times the converters one bus can address (up to 256 cells).
public struct I2CMuxDescription: Sendable, Equatable {
    /// 7-bit address of the switch (0x70…0x77, set by its A0–A2 pins).
    public var address: UInt8

    /// Addresses a TCA9548A answers at.
    public static let addressRange = 0x70...0x77
    /// Downstream channels.
    public static let channelCount = 8
    /// Bus bits of selecting a channel (an SMBus send-byte: start, address, ack, control byte,
    /// ack, stop), the floor the sample-rate ceiling counts for each switch.
    public static let selectBits = 20

    public init(address: UInt8) {
        self.address = address
    }

    /// The control byte enabling `channel` alone.
    public static func controlByte(channel: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: 1 << channel)
    }
}
