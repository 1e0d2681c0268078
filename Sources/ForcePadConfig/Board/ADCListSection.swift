import ForcePadCore

/// Reads the `[[adc]]` tables of a board file: model, address, inputs and data rate of each
/// converter, in cell order.
enum ADCListSection {
    /// Lowest and highest usable 7-bit I2C addresses (the rest are reserved).
    private static let addressRange = 0x03...0x77

    /// Model names as board files write them.
    private static let modelNames = ADCModel.allCases.map(\.rawValue).joined(separator: ", ")

    /// The converters of `tables` (nil: the board file has no `adc` key), behind the I2C switch
    /// `mux` (`[i2c] mux`) when the bus has one.
    static func read(_ tables: [TableReader]?, board: TableReader, mux: I2CMuxDescription?) throws(ConfigError) -> [ADCDescription] {
        guard let tables, !tables.isEmpty else {
            throw board.error("adc", "missing; give at least one [[adc]] table with a model (\(modelNames))")
        }
        var adcs: [ADCDescription] = []
        for table in tables {
            var adc = try read(table)
            adc.muxChannel = try readMuxChannel(table, model: adc.model, mux: mux)
            try table.finish()
            try checkMixing(adc, table: table, previous: adcs)
            try checkAddress(adc, table: table, previous: adcs, mux: mux)
            adcs.append(adc)
        }
        let inputCount = adcs.reduce(0) { $0 + $1.inputs.count }
        guard inputCount <= BoardDescription.maxCells else {
            throw board.error("adc", "\(inputCount) inputs in all; a board has at most \(BoardDescription.maxCells) cells", lineOf: tables[tables.count - 1].path)
        }
        return adcs
    }

    private static func read(_ table: TableReader) throws(ConfigError) -> ADCDescription {
        guard let model: ADCModel = try table.choice("model", noun: "ADC model") else {
            throw table.error("model", "missing; give one of \(modelNames)")
        }
        let address = try table.integer("address", expected: "a 7-bit I2C address such as 0x48")
        if let address, !addressRange.contains(address) {
            throw table.error("address", "\(hex(address)) is out of range; allowed: \(hex(addressRange.lowerBound))…\(hex(addressRange.upperBound)) (7-bit I2C addresses)")
        }
        let inputs = try readInputs(table, model: model)
        let dataRate = try readDataRate(table, model: model)
        let fullScale = try readFullScale(table, model: model)
        return ADCDescription(
            model: model, address: UInt8(address ?? Int(model.defaultAddress)), inputs: inputs, dataRate: dataRate,
            fullScaleMillivolts: fullScale)
    }

    private static func readInputs(_ table: TableReader, model: ADCModel) throws(ConfigError) -> [Int] {
        let highest = model.inputCount - 1
        let expected = "a list of input numbers such as [0, 1, 2, 3]"
        guard let array = try table.array("inputs", expected: expected) else {
            guard model.isOnBus else {
                throw table.error("inputs", "missing; the sim converter needs its inputs listed, e.g. inputs = [0, 1, 2, 3] (0…\(highest))")
            }
            return Array(0...highest)
        }
        guard !array.isEmpty else { throw table.error("inputs", "is empty; list at least one input (0…\(highest))") }
        var inputs: [Int] = []
        for index in 0..<array.count {
            let element = table.path.key("inputs").index(index)
            guard let input = array[index].integer else {
                throw table.error("inputs", TableReader.mismatch(expected: "input numbers 0…\(highest)", found: array[index]), lineOf: element)
            }
            guard (0...highest).contains(input) else {
                throw table.error("inputs", "input \(input) is out of range; \(model.partName) inputs are 0…\(highest)", lineOf: element)
            }
            guard !inputs.contains(input) else {
                throw table.error("inputs", "input \(input) is listed twice; list each input once", lineOf: element)
            }
            inputs.append(input)
        }
        return inputs
    }

    private static func readDataRate(_ table: TableReader, model: ADCModel) throws(ConfigError) -> Int {
        let rates = model.dataRates
        guard !rates.isEmpty || !table.has("data_rate") else {
            throw table.error("data_rate", "the \(model.partName) has no data rate setting; remove data_rate (only ads1115 and ads1015 take one)")
        }
        let allowed = rates.map(String.init).joined(separator: ", ")
        guard let rate = try table.integer("data_rate", expected: "samples per second (\(allowed))") else {
            return rates.max() ?? 0
        }
        guard rates.contains(rate) else {
            throw table.error("data_rate", "\(rate) is not a data rate of the \(model.partName); use one of \(allowed) (samples per second)")
        }
        return rate
    }

    /// The amplifier's full-scale range (`full_scale_v = 4.096`) in millivolts.
    private static func readFullScale(_ table: TableReader, model: ADCModel) throws(ConfigError) -> Int {
        let ranges = model.fullScaleRangesMillivolts
        guard !ranges.isEmpty || !table.has("full_scale_v") else {
            throw table.error("full_scale_v", "the \(model.partName) has no programmable gain; remove full_scale_v (only ads1115 and ads1015 take one)")
        }
        let allowed = ranges.map { volts($0) }.joined(separator: ", ")
        guard let value = try table.number("full_scale_v", expected: "a full-scale range in volts (\(allowed))") else {
            return model.defaultFullScaleMillivolts
        }
        guard let millivolts = ranges.first(where: { abs(Double($0) - value * 1000) < 0.5 }) else {
            throw table.error("full_scale_v", "\(value) V is not a range of the \(model.partName); use one of \(allowed) (volts, ±)")
        }
        return millivolts
    }

    /// `4.096` for 4096 mV.
    private static func volts(_ millivolts: Int) -> String {
        let fraction = String(millivolts % 1000)
        return "\(millivolts / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The simulated converter stands for the whole pad: it cannot share a board with real ones.
    private static func checkMixing(_ adc: ADCDescription, table: TableReader, previous: [ADCDescription]) throws(ConfigError) {
        guard let first = previous.first, (first.model == .sim) != (adc.model == .sim) else { return }
        throw table.error("model", "\(adc.model.rawValue) cannot be mixed with \(first.model.rawValue) (adc[0]); a board uses either only sim or only real converters")
    }

    /// `mux_channel`: the switch channel a converter sits behind, required of every converter
    /// on a bus with a switch and refused on one without.
    private static func readMuxChannel(_ table: TableReader, model: ADCModel, mux: I2CMuxDescription?) throws(ConfigError) -> Int? {
        let highest = I2CMuxDescription.channelCount - 1
        let channel = try table.integer("mux_channel", expected: "a channel of the I2C switch, 0…\(highest)", range: 0...highest)
        guard let mux, model.isOnBus else {
            guard channel == nil else {
                let why = model.isOnBus ? "the bus has no I2C switch; give [i2c] mux = 0x70 (the TCA9548A's address) or remove mux_channel" : "the sim converter is on no bus; remove mux_channel"
                throw table.error("mux_channel", why)
            }
            return nil
        }
        guard let channel else {
            throw table.error("mux_channel", "missing; every converter behind the I2C switch at \(hex(Int(mux.address))) names its channel (0…\(highest))")
        }
        return channel
    }

    /// Two converters on one bus, or behind one channel of its switch, need their own addresses,
    /// and none may answer at the switch's.
    private static func checkAddress(_ adc: ADCDescription, table: TableReader, previous: [ADCDescription], mux: I2CMuxDescription?) throws(ConfigError) {
        guard adc.model.isOnBus else { return }
        if let mux, mux.address == adc.address {
            throw table.error("address", "\(hex(Int(adc.address))) is the I2C switch's address ([i2c] mux); give the converter another address (set by its ADDR pin)")
        }
        guard let index = previous.firstIndex(where: { $0.address == adc.address && $0.muxChannel == adc.muxChannel }) else { return }
        let place = adc.muxChannel.map { "channel \($0) of the I2C switch" } ?? "the bus"
        throw table.error("address", "\(hex(Int(adc.address))) is already used by adc[\(index)]; give each converter on \(place) its own address (set by its ADDR pin)")
    }

    /// `0x48`: a 7-bit address as board-file errors write it.
    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
