import ForcePadCore

/// Loads `boards/NAME.toml`: the hardware of one build, checked against what the parts can
/// do (bus clock, sample-rate ceiling, input numbers, calibration range).
public enum BoardFileLoader {
    /// Reads and checks the board file at `path`; errors name `path` as the file.
    public static func load(path: String) throws(ConfigError) -> BoardDescription {
        try parse(text: TextFileReader.read(path: path), file: path)
    }

    /// Parses and checks board-file text; `file` is the name errors give.
    public static func parse(text: String, file: String) throws(ConfigError) -> BoardDescription {
        let document = try ConfigDocument(text: text, file: file)
        let root = document.rootReader()
        let name = try root.requiredString("name", expected: "a board name such as \"rpi4-ads7830\"")
        let summary = try root.string("description", expected: "one line describing the build") ?? ""
        let i2c = try root.table("i2c")
        let adcTables = try root.tables("adc")
        let pad = try root.table("pad")
        let sampling = try root.table("sampling")
        let haptic = try root.table("haptic")
        let feedback = try root.table("feedback")
        let serial = try root.table("serial")
        let calibration = try root.table("calibration")
        let sim = try root.table("sim")
        let reference = try root.table("reference")
        let accelerometer = try root.table("accelerometer")
        let stand = try root.table("stand")
        try root.finish()

        try checkName(name, root: root)
        let adcs = try ADCListSection.read(adcTables, board: root, mux: try readMux(i2c))
        let inputCount = adcs.reduce(0) { $0 + $1.inputs.count }
        var board = BoardDescription(
            name: name, summary: summary,
            bus: try readBus(i2c, adcs: adcs, root: root),
            adcs: adcs,
            geometry: try PadSection.read(pad, inputCount: inputCount),
            sampleRateHz: 0,
            haptic: try readHaptic(haptic, root: root),
            serial: try readSerial(serial),
            calibration: try CalibrationSection.read(calibration, adcs: adcs, board: root),
            simulation: try readSimulation(sim, adcs: adcs, root: root))
        board.hapticDriver = try readHapticDriver(haptic, i2c: i2c, adcs: adcs)
        board.reference = try ReferenceSection.read(reference, board: board)
        if let accelerometer {
            let device = try i2c?.string("device", expected: "an I2C adapter device such as \"/dev/i2c-1\"")
            board.accelerometer = try AccelerometerSection.read(accelerometer, busDevice: device, simulated: board.isSimulated)
        }
        if let stand { board.stand = try StandSection.read(stand, board: board) }
        board.feedback = try readFeedback(feedback, haptic: board.haptic, adcs: adcs, root: root)
        board.sampleRateHz = try readSampleRate(sampling, board: board, root: root)
        return board
    }

    private static func checkName(_ name: String, root: TableReader) throws(ConfigError) {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        guard allowed else {
            throw root.error("name", "\(QuotedValue.quoted(name)) may use only letters, digits, '-', '_' and '.' (e.g. \"rpi4-ads7830\")")
        }
    }

    private static func readBus(_ table: TableReader?, adcs: [ADCDescription], root: TableReader) throws(ConfigError) -> I2CBusDescription? {
        let onBus = adcs.filter(\.model.isOnBus)
        guard let table else {
            guard let first = onBus.first else { return nil }
            throw root.error("i2c", "missing; the \(first.model.partName) needs [i2c] with device = \"/dev/i2c-1\" and clock_hz")
        }
        let device = try table.requiredString("device", expected: "an I2C adapter device such as \"/dev/i2c-1\"")
        let clock = try table.integer(
            "clock_hz", expected: "the bus clock in Hz such as 400000", range: 10_000...3_400_000, unit: " Hz") ?? 100_000
        let mux = try readMux(table)
        try table.finish()
        guard device.hasPrefix("/dev/") else {
            throw table.error("device", "\(QuotedValue.quoted(device)) is not a device path; give the adapter's character device, e.g. \"/dev/i2c-1\"")
        }
        if let slowest = onBus.min(by: { $0.model.maxBusHz < $1.model.maxBusHz }), clock > slowest.model.maxBusHz {
            let limit = slowest.model.maxBusHz
            throw table.error("clock_hz", "\(clock) Hz is above the \(slowest.model.partName)'s limit of \(limit) Hz; lower clock_hz to \(limit) or less")
        }
        return onBus.isEmpty ? nil : I2CBusDescription(device: device, clockHz: clock, mux: mux)
    }

    /// `[i2c] mux`: the address of the TCA9548A switch the converters sit behind, if any.
    private static func readMux(_ table: TableReader?) throws(ConfigError) -> I2CMuxDescription? {
        let range = I2CMuxDescription.addressRange
        let allowed = "\(ADCListSection.hex(range.lowerBound))…\(ADCListSection.hex(range.upperBound))"
        guard let address = try table?.integer("mux", expected: "the I2C switch's 7-bit address such as 0x70") else { return nil }
        guard range.contains(address) else {
            throw table!.error("mux", "\(ADCListSection.hex(address)) is not a TCA9548A address; allowed: \(allowed) (set by its A0–A2 pins)")
        }
        return I2CMuxDescription(address: UInt8(address))
    }

    private static func readSampleRate(_ table: TableReader?, board: BoardDescription, root: TableReader) throws(ConfigError) -> Int {
        let ceiling = board.sampleRateCeilingHz
        let hint = ceiling.isFinite ? " (at most \(Int(ceiling.rounded(.down))) Hz on this board)" : ""
        guard let table else { throw root.error("sampling", "missing; give [sampling] with rate_hz = frames per second\(hint)") }
        guard let rate = try table.integer("rate_hz", expected: "frames per second such as 1000", range: BoardDescription.sampleRateRangeHz, unit: " Hz") else {
            throw table.error("rate_hz", "missing; give the frames per second, e.g. rate_hz = 1000\(hint)")
        }
        try table.finish()
        guard Double(rate) <= ceiling else {
            let clock = board.bus?.clockHz ?? 0
            throw table.error("rate_hz", "\(rate) Hz is above what \(converterSummary(board.adcs)) can deliver at \(clock) Hz I2C: ceiling \(Int(ceiling.rounded(.down))) Hz; lower rate_hz or the number of inputs")
        }
        return rate
    }

    /// `1× ADS7830 with 8 inputs`, `2× ADS1115 with 8 inputs at 860 SPS`.
    private static func converterSummary(_ adcs: [ADCDescription]) -> String {
        var groups: [(model: ADCModel, dataRate: Int, count: Int, inputs: Int)] = []
        for adc in adcs {
            if let index = groups.firstIndex(where: { $0.model == adc.model && $0.dataRate == adc.dataRate }) {
                groups[index].count += 1
                groups[index].inputs += adc.inputs.count
            } else {
                groups.append((adc.model, adc.dataRate, 1, adc.inputs.count))
            }
        }
        return groups.map { group in
            let rate = group.dataRate > 0 ? " at \(group.dataRate) SPS" : ""
            return "\(group.count)× \(group.model.partName) with \(CountText.of(group.inputs, "input"))\(rate)"
        }.joined(separator: " and ")
    }

    private static func readHaptic(_ table: TableReader?, root: TableReader) throws(ConfigError) -> HapticLineDescription {
        guard let table else {
            throw root.error("haptic", "missing; give [haptic] with line = \"GPIO18\" (the GPIO line name of the actuator)")
        }
        let line = try GPIOLineSection.read(table, example: "GPIO18")
        let active = try table.oneOf("active", ["high", "low"], noun: "active level") ?? "high"
        _ = table.has("driver")
        try table.finish()
        return HapticLineDescription(line: line, activeLow: active == "low")
    }

    /// `[haptic.driver]`: the DRV2605L driving the actuator, if the board has one. Its bus
    /// defaults to `[i2c] device`.
    private static func readHapticDriver(
        _ haptic: TableReader?, i2c: TableReader?, adcs: [ADCDescription]
    ) throws(ConfigError) -> HapticDriverDescription? {
        guard let driver = try haptic?.table("driver") else { return nil }
        let device = try i2c?.string("device", expected: "an I2C adapter device such as \"/dev/i2c-1\"")
        return try HapticDriverSection.read(driver, busDevice: device, simulated: adcs.allSatisfy { $0.model == .sim })
    }

    /// `[feedback]`: the input wired to the haptic output, on a board with a real GPIO line.
    private static func readFeedback(
        _ table: TableReader?, haptic: HapticLineDescription, adcs: [ADCDescription], root: TableReader
    ) throws(ConfigError) -> GPIOLineDescription? {
        guard let table else { return nil }
        let line = try GPIOLineSection.read(table, example: "GPIO23")
        try table.finish()
        guard !adcs.allSatisfy({ $0.model == .sim }) else {
            throw root.error("feedback", "only for boards with real converters and GPIO lines; the sim board's haptic line is simulated: remove [feedback]")
        }
        guard line != haptic.line else {
            let key = line.name != nil ? "line" : "offset"
            throw table.error(key, "\(line.summary) is the haptic line itself; wire the haptic output to another input and name that one")
        }
        return line
    }

    private static func readSerial(_ table: TableReader?) throws(ConfigError) -> SerialPortDescription {
        let standard = SerialPortDescription(device: "/dev/serial0", baud: 115_200)
        guard let table else { return standard }
        let bauds = SerialPortDescription.supportedBauds.map(String.init).joined(separator: ", ")
        let device = try table.string("device", expected: "a serial device such as \"/dev/serial0\"") ?? standard.device
        let baud = try table.integer("baud", expected: "a baud rate (\(bauds))") ?? standard.baud
        try table.finish()
        guard device.hasPrefix("/dev/") else {
            throw table.error("device", "\(QuotedValue.quoted(device)) is not a device path; give e.g. \"/dev/serial0\" (UART) or \"/dev/ttyGS0\" (USB gadget)")
        }
        guard SerialPortDescription.supportedBauds.contains(baud) else {
            throw table.error("baud", "\(baud) is not a supported baud rate; use one of \(bauds)")
        }
        return SerialPortDescription(device: device, baud: baud)
    }

    private static func readSimulation(_ table: TableReader?, adcs: [ADCDescription], root: TableReader) throws(ConfigError) -> SimulationSettings? {
        let simulated = adcs.allSatisfy { $0.model == .sim }
        guard let table else { return simulated ? .standard : nil }
        guard simulated else {
            throw root.error("sim", "only for boards whose converters are model sim; remove [sim] (this board reads \(adcs[0].model.rawValue))")
        }
        let standard = SimulationSettings.standard
        let noise = try table.force("noise", range: .zero ... .grams(50)) ?? standard.noise
        let seed = try table.integer("seed", expected: "a whole number such as 1") ?? Int(standard.seed)
        let rise = try table.durationMicros("rise", range: 0...2_000_000) ?? standard.riseMicros
        let model: SimulatedSensorModel = try table.choice("model", noun: "sensor model") ?? standard.model
        try table.finish()
        guard seed >= 0 else { throw table.error("seed", "\(seed) is negative; give a whole number 0 or more") }
        return SimulationSettings(noise: noise, seed: UInt64(seed), riseMicros: rise, model: model)
    }
}
