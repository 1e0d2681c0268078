/// One converter on the board: its model, address and which of its inputs feed cells.
public struct ADCDescription: Sendable, Equatable {
    public var model: ADCModel
    /// 7-bit I2C address (ignored by the `sim` converter).
    public var address: UInt8
    /// Converter inputs in cell order: cell `k` of this converter reads input `inputs[k]`.
    public var inputs: [Int]
    /// Data rate in samples per second for converters that have one (ADS1x15), else 0.
    public var dataRate: Int
    /// Full-scale input range of the programmable gain amplifier in millivolts (ADS1x15:
    /// ±6144 … ±256 mV), or 0 for converters without one. Inputs read single-ended, so only
    /// 0 V … full scale (capped at the supply) turns into 0 … ``ADCModel/fullScaleCounts``.
    public var fullScaleMillivolts: Int
    /// The channel of the bus's I2C switch (``I2CBusDescription/mux``) the converter sits
    /// behind, 0…7; nil on a bus without one.
    public var muxChannel: Int?

    public init(model: ADCModel, address: UInt8, inputs: [Int], dataRate: Int, fullScaleMillivolts: Int = 0, muxChannel: Int? = nil) {
        self.muxChannel = muxChannel
        self.model = model
        self.address = address
        self.inputs = inputs
        self.dataRate = dataRate
        self.fullScaleMillivolts = fullScaleMillivolts
    }

    /// Time to read all of this converter's inputs once, in microseconds (see
    /// ``ADCModel/channelReadMicros(busHz:dataRate:)``).
    public func frameReadMicros(busHz: Int) -> Double {
        Double(inputs.count) * model.channelReadMicros(busHz: busHz, dataRate: dataRate)
    }
}
