/// One converter on the board: its model, address and which of its inputs feed cells.
public struct ADCDescription: Sendable, Equatable {
    public var model: ADCModel
    /// 7-bit I2C address (ignored by the `sim` converter).
    public var address: UInt8
    /// Converter inputs in cell order: cell `k` of this converter reads input `inputs[k]`.
    public var inputs: [Int]
    /// Data rate in samples per second for converters that have one (ADS1x15), else 0.
    public var dataRate: Int

    public init(model: ADCModel, address: UInt8, inputs: [Int], dataRate: Int) {
        self.model = model
        self.address = address
        self.inputs = inputs
        self.dataRate = dataRate
    }

    /// Time to read all of this converter's inputs once, in microseconds (see
    /// ``ADCModel/channelReadMicros(busHz:dataRate:)``).
    public func frameReadMicros(busHz: Int) -> Double {
        Double(inputs.count) * model.channelReadMicros(busHz: busHz, dataRate: dataRate)
    }
}
