import ForcePadCore

/// How to read one cell: which converter, at which address, with which command. Built
/// once from the board file, so a frame read only looks values up.
struct ConverterChannel: Sendable, BitwiseCopyable {
    var model: ADCModel
    /// 7-bit I2C address of the converter.
    var address: UInt8
    /// ADS1x15: the config word that starts the conversion; ADS7830: the command byte;
    /// PCF8591: the control byte.
    var command: UInt16
    /// ADS1x15: time from start to result (ns); 0 for converters that convert during the read.
    var conversionNanos: Int64
    /// The I2C switch channel the converter sits behind, -1 on a bus without a switch.
    var muxChannel: Int

    init(converter: ADCDescription, input: Int) {
        model = converter.model
        address = converter.address
        muxChannel = converter.muxChannel ?? -1
        switch converter.model {
        case .ads1115, .ads1015:
            command = ADS1x15Registers.singleShotConfig(
                model: converter.model, input: input, fullScaleMillivolts: converter.fullScaleMillivolts,
                dataRate: converter.dataRate)
            conversionNanos = ADS1x15Registers.conversionNanos(dataRate: converter.dataRate)
        case .ads7830:
            command = UInt16(ADS7830Command.byte(input: input))
            conversionNanos = 0
        case .pcf8591:
            command = UInt16(PCF8591Control.byte(input: input))
            conversionNanos = 0
        case .sim:
            command = 0
            conversionNanos = 0
        }
    }

    /// The SMBus transfers reading this channel needs from the adapter.
    static func requiredFunctionality(_ model: ADCModel) -> I2CFunctionality {
        switch model {
        case .ads1115, .ads1015: [.readWordData, .writeWordData]
        case .ads7830: [.readByteData]
        case .pcf8591: [.readByteData, .receiveByte]
        case .sim: []
        }
    }
}
